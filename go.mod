module github.com/sudokubot/sudokubot

go 1.26

require github.com/joho/godotenv v1.5.1 // indirect
