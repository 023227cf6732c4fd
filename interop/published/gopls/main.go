// The workspace gopls mcp is started in: one package for its tools to read.
package main

import "fmt"

// Greet is a function for the tools to find.
func Greet(name string) string { return "hello, " + name }

func main() { fmt.Println(Greet("lab")) }
