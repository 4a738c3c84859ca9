package discordtest

import (
	"crypto/rand"
	"encoding/hex"
	"net/http"
	"strings"
)

// ClientSecret is the application's OAuth2 client secret the fake
// accepts in a token exchange.
const ClientSecret = "fake-client-secret"

// oauth is what the fake keeps of OAuth2: codes handed out and not yet
// exchanged, and the access tokens they became, each for its user.
type oauth struct {
	codes  map[string]User
	tokens map[string]User
}

// Authorize does what the Discord client does when an Activity's SDK
// asks authorize with the identify scope for user: it returns a one-time
// code for the app's server to exchange.
func (s *Server) Authorize(u User) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	code := secret()
	s.oauth.codes[code] = u
	return code
}

func secret() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}

// postToken is the OAuth2 token exchange, as Discord's: form-encoded only
// (a JSON body is refused), grant_type authorization_code, the app's
// client id and secret in the body or as HTTP Basic, and a code used once.
func (s *Server) postToken(w http.ResponseWriter, r *http.Request) {
	if f, held := s.arrive("token", w, r); held || !s.inject("token", f, w) {
		return
	}
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/x-www-form-urlencoded") {
		s.oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "token exchange with Content-Type %q, not a form", r.Header.Get("Content-Type"))
		return
	}
	if err := r.ParseForm(); err != nil {
		s.oauthError(w, http.StatusBadRequest, "invalid_request", "token exchange: %v", err)
		return
	}
	id, sec, basic := r.BasicAuth()
	if !basic {
		id, sec = r.PostForm.Get("client_id"), r.PostForm.Get("client_secret")
	}
	if id != s.AppID || sec != ClientSecret {
		s.oauthError(w, http.StatusUnauthorized, "invalid_client", "token exchange with client %q and a wrong secret", id)
		return
	}
	if g := r.PostForm.Get("grant_type"); g != "authorization_code" {
		s.oauthError(w, http.StatusBadRequest, "unsupported_grant_type", "token exchange with grant_type %q", g)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.oauth.codes[r.PostForm.Get("code")]
	if !ok {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		w.Write([]byte(`{"error": "invalid_grant", "error_description": "Invalid \"code\" in request."}`))
		return
	}
	delete(s.oauth.codes, r.PostForm.Get("code"))
	token := secret()
	s.oauth.tokens[token] = u
	writeJSON(w, map[string]any{"access_token": token, "token_type": "Bearer", "expires_in": 604800,
		"refresh_token": secret(), "scope": "identify"})
}

// oauthError answers an exchange Discord would refuse, and records it:
// the bot must never send one.
func (s *Server) oauthError(w http.ResponseWriter, status int, code, format string, args ...any) {
	s.mu.Lock()
	s.violate(format, args...)
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	writeJSON(w, map[string]string{"error": code})
}

// bearerUser returns the user of a Bearer access token the fake issued.
func (s *Server) bearerUser(r *http.Request) (User, bool) {
	token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	if !ok {
		return User{}, false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	u, ok := s.oauth.tokens[token]
	return u, ok
}
