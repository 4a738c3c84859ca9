// The page's elements, by the ids its HTML gives them.
export const $ = (id) => document.getElementById(id);

// toggle shows a button pressed (aria-pressed) or not.
export const toggle = (id, on) => $(id).setAttribute("aria-pressed", String(on));
