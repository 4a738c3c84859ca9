module github.com/sudokubot/sudokubot

go 1.26.0

require (
	github.com/joho/godotenv v1.5.1
	golang.org/x/image v0.47.0
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/text v0.43.0 // indirect
)
