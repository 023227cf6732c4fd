// The interop lab surface on github.com/mark3labs/mcp-go, written the way its examples are:
// mcp.NewTool with property options, typed handlers, completion providers.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"strings"
	"time"

	"github.com/mark3labs/mcp-go/mcp"
	"github.com/mark3labs/mcp-go/server"
)

type echoArgs struct {
	Text string `json:"text"`
}

type pickArgs struct {
	Color string `json:"color"`
}

type addArgs struct {
	A int     `json:"a"`
	B float64 `json:"b"`
}

type addResult struct {
	Sum float64 `json:"sum"`
}

type sleepArgs struct {
	Ms int `json:"ms"`
}

func addTools(s *server.MCPServer) {
	s.AddTool(mcp.NewTool("echo",
		mcp.WithDescription("Returns the text it is given"),
		mcp.WithString("text", mcp.Required()),
		mcp.WithReadOnlyHintAnnotation(true),
	), mcp.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, args echoArgs) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText(args.Text), nil
	}))

	s.AddTool(mcp.NewTool("pick",
		mcp.WithDescription("Picks a colour"),
		mcp.WithString("color", mcp.Required(), mcp.Enum("red", "green", "blue")),
		mcp.WithReadOnlyHintAnnotation(true),
	), mcp.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, args pickArgs) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultText("picked " + args.Color), nil
	}))

	s.AddTool(mcp.NewTool("add",
		mcp.WithDescription("Adds an integer and a number"),
		mcp.WithInteger("a", mcp.Required(), mcp.Min(0), mcp.Max(1000)),
		mcp.WithNumber("b", mcp.Required(), mcp.Min(-1000000), mcp.Max(1000000)),
		mcp.WithOutputSchema[addResult](),
		mcp.WithReadOnlyHintAnnotation(true),
	), mcp.NewTypedToolHandler(func(_ context.Context, _ mcp.CallToolRequest, args addArgs) (*mcp.CallToolResult, error) {
		result := addResult{Sum: float64(args.A) + args.B}
		encoded, _ := json.Marshal(result)
		return mcp.NewToolResultStructured(result, string(encoded)), nil
	}))

	s.AddTool(mcp.NewTool("fail",
		mcp.WithDescription("Always fails"),
		mcp.WithReadOnlyHintAnnotation(true),
	), func(_ context.Context, _ mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return mcp.NewToolResultError("this tool always fails"), nil
	})

	s.AddTool(mcp.NewTool("sleep",
		mcp.WithDescription("Waits ms milliseconds"),
		mcp.WithInteger("ms", mcp.Required(), mcp.Min(0), mcp.Max(10000)),
		mcp.WithReadOnlyHintAnnotation(true),
	), mcp.NewTypedToolHandler(func(ctx context.Context, _ mcp.CallToolRequest, args sleepArgs) (*mcp.CallToolResult, error) {
		select {
		case <-time.After(time.Duration(args.Ms) * time.Millisecond):
			return mcp.NewToolResultText(fmt.Sprintf("slept %d", args.Ms)), nil
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}))
}

func addResources(s *server.MCPServer) {
	s.AddResource(mcp.NewResource("lab://readme", "readme", mcp.WithMIMEType("text/plain")),
		func(_ context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: request.Params.URI, MIMEType: "text/plain", Text: "The mcp-conform interop lab server."}}, nil
		})
	s.AddResourceTemplate(mcp.NewResourceTemplate("lab://items/{id}", "item", mcp.WithTemplateMIMEType("text/plain")),
		func(_ context.Context, request mcp.ReadResourceRequest) ([]mcp.ResourceContents, error) {
			id := strings.TrimPrefix(request.Params.URI, "lab://items/")
			return []mcp.ResourceContents{mcp.TextResourceContents{URI: request.Params.URI, MIMEType: "text/plain", Text: "item " + id}}, nil
		})
}

func addPrompts(s *server.MCPServer) {
	s.AddPrompt(mcp.NewPrompt("greet",
		mcp.WithPromptDescription("Greets someone"),
		mcp.WithArgument("name", mcp.RequiredArgument()),
	), func(_ context.Context, request mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
		return mcp.NewGetPromptResult("", []mcp.PromptMessage{
			mcp.NewPromptMessage(mcp.RoleUser, mcp.NewTextContent("Hello, "+request.Params.Arguments["name"]+"!")),
		}), nil
	})
}

func matching(values []string, prefix string) *mcp.Completion {
	out := []string{}
	for _, value := range values {
		if strings.HasPrefix(value, prefix) {
			out = append(out, value)
		}
	}
	return &mcp.Completion{Values: out, Total: len(out)}
}

type promptCompletions struct{}

func (promptCompletions) CompletePromptArgument(_ context.Context, promptName string, argument mcp.CompleteArgument, _ mcp.CompleteContext) (*mcp.Completion, error) {
	if promptName == "greet" && argument.Name == "name" {
		return matching([]string{"alice", "bob", "carol"}, argument.Value), nil
	}
	return &mcp.Completion{Values: []string{}}, nil
}

type resourceCompletions struct{}

func (resourceCompletions) CompleteResourceArgument(_ context.Context, uri string, argument mcp.CompleteArgument, _ mcp.CompleteContext) (*mcp.Completion, error) {
	if uri == "lab://items/{id}" && argument.Name == "id" {
		return matching([]string{"item-1", "item-2", "item-3"}, argument.Value), nil
	}
	return &mcp.Completion{Values: []string{}}, nil
}

func main() {
	useHTTP := flag.Bool("http", false, "serve Streamable HTTP on 127.0.0.1 instead of stdio")
	port := flag.Int("port", 0, "HTTP port")
	flag.Parse()

	s := server.NewMCPServer("mcp-conform-lab-go-mcp-go", "1.0.0",
		// listChanged declared, as in the SDK's everything example (and by default in the other lab SDKs).
		server.WithToolCapabilities(true),
		server.WithResourceCapabilities(false, true),
		server.WithPromptCapabilities(true),
		server.WithCompletions(),
		server.WithPromptCompletionProvider(promptCompletions{}),
		server.WithResourceCompletionProvider(resourceCompletions{}),
	)
	addTools(s)
	addResources(s)
	addPrompts(s)

	if *useHTTP {
		addr := fmt.Sprintf("127.0.0.1:%d", *port)
		log.Printf("listening on http://%s/mcp", addr)
		log.Fatal(server.NewStreamableHTTPServer(s).Start(addr))
	}
	if err := server.ServeStdio(s); err != nil {
		log.Fatal(err)
	}
}
