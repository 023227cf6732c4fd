// The interop lab surface on github.com/modelcontextprotocol/go-sdk, written the way its
// examples are: mcp.AddTool with typed handlers, schemas from jsonschema.For then narrowed.
// With --auth-issuer URL (HTTP) it is a protected resource server: auth.RequireBearerToken with a
// TokenVerifier that checks JWTs against the issuer's JWKS (go-jose), and its metadata served by
// auth.ProtectedResourceMetadataHandler.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	jose "github.com/go-jose/go-jose/v4"
	josejwt "github.com/go-jose/go-jose/v4/jwt"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/auth"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"
)

// jwtVerifier accepts JWT access tokens the issuer signed for this resource, in date.
type jwtVerifier struct {
	issuer, resource string
	mu               sync.Mutex
	keys             *jose.JSONWebKeySet
}

// keySet fetches the issuer's JWKS once (the issuer starts after this server).
func (v *jwtVerifier) keySet() (*jose.JSONWebKeySet, error) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.keys != nil {
		return v.keys, nil
	}
	resp, err := http.Get(v.issuer + "/jwks")
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	var set jose.JSONWebKeySet
	if err := json.NewDecoder(resp.Body).Decode(&set); err != nil {
		return nil, err
	}
	v.keys = &set
	return v.keys, nil
}

func (v *jwtVerifier) verify(_ context.Context, token string, _ *http.Request) (*auth.TokenInfo, error) {
	parsed, err := josejwt.ParseSigned(token, []jose.SignatureAlgorithm{jose.RS256})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", auth.ErrInvalidToken, err)
	}
	keys, err := v.keySet()
	if err != nil {
		return nil, err
	}
	var claims josejwt.Claims
	var extra struct {
		Scope string `json:"scope"`
	}
	if err := parsed.Claims(*keys, &claims, &extra); err != nil {
		return nil, fmt.Errorf("%w: %v", auth.ErrInvalidToken, err)
	}
	expected := josejwt.Expected{Issuer: v.issuer, AnyAudience: josejwt.Audience{v.resource}, Time: time.Now()}
	if err := claims.ValidateWithLeeway(expected, 0); err != nil {
		return nil, fmt.Errorf("%w: %v", auth.ErrInvalidToken, err)
	}
	return &auth.TokenInfo{Scopes: strings.Fields(extra.Scope), Expiration: claims.Expiry.Time()}, nil
}

type echoIn struct {
	Text string `json:"text"`
}

type pickIn struct {
	Color string `json:"color"`
}

type addIn struct {
	A int     `json:"a"`
	B float64 `json:"b"`
}

type addOut struct {
	Sum float64 `json:"sum"`
}

type sleepIn struct {
	Ms int `json:"ms"`
}

var readOnly = &mcp.ToolAnnotations{ReadOnlyHint: true}

func text(s string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
}

func schemaFor[T any]() *jsonschema.Schema {
	schema, err := jsonschema.For[T](nil)
	if err != nil {
		log.Fatal(err)
	}
	return schema
}

func addTools(server *mcp.Server) {
	mcp.AddTool(server, &mcp.Tool{Name: "echo", Description: "Returns the text it is given", Annotations: readOnly},
		func(_ context.Context, _ *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
			return text(in.Text), nil, nil
		})

	pickSchema := schemaFor[pickIn]()
	pickSchema.Properties["color"].Enum = []any{"red", "green", "blue"}
	mcp.AddTool(server, &mcp.Tool{Name: "pick", Description: "Picks a colour", InputSchema: pickSchema, Annotations: readOnly},
		func(_ context.Context, _ *mcp.CallToolRequest, in pickIn) (*mcp.CallToolResult, any, error) {
			return text("picked " + in.Color), nil, nil
		})

	addSchema := schemaFor[addIn]()
	addSchema.Properties["a"].Minimum = jsonschema.Ptr(0.0)
	addSchema.Properties["a"].Maximum = jsonschema.Ptr(1000.0)
	addSchema.Properties["b"].Minimum = jsonschema.Ptr(-1000000.0)
	addSchema.Properties["b"].Maximum = jsonschema.Ptr(1000000.0)
	mcp.AddTool(server, &mcp.Tool{Name: "add", Description: "Adds an integer and a number", InputSchema: addSchema, Annotations: readOnly},
		func(_ context.Context, _ *mcp.CallToolRequest, in addIn) (*mcp.CallToolResult, addOut, error) {
			out := addOut{Sum: float64(in.A) + in.B}
			encoded, _ := json.Marshal(out)
			return text(string(encoded)), out, nil
		})

	mcp.AddTool(server, &mcp.Tool{Name: "fail", Description: "Always fails", Annotations: readOnly},
		func(_ context.Context, _ *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			result := text("this tool always fails")
			result.IsError = true
			return result, nil, nil
		})

	sleepSchema := schemaFor[sleepIn]()
	sleepSchema.Properties["ms"].Minimum = jsonschema.Ptr(0.0)
	sleepSchema.Properties["ms"].Maximum = jsonschema.Ptr(10000.0)
	mcp.AddTool(server, &mcp.Tool{Name: "sleep", Description: "Waits ms milliseconds", InputSchema: sleepSchema, Annotations: readOnly},
		func(ctx context.Context, _ *mcp.CallToolRequest, in sleepIn) (*mcp.CallToolResult, any, error) {
			select {
			case <-time.After(time.Duration(in.Ms) * time.Millisecond):
				return text(fmt.Sprintf("slept %d", in.Ms)), nil, nil
			case <-ctx.Done():
				return nil, nil, ctx.Err()
			}
		})
}

func addResources(server *mcp.Server) {
	server.AddResource(&mcp.Resource{Name: "readme", URI: "lab://readme", MIMEType: "text/plain"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
				{URI: req.Params.URI, MIMEType: "text/plain", Text: "The mcp-conform interop lab server."},
			}}, nil
		})
	server.AddResourceTemplate(&mcp.ResourceTemplate{Name: "item", URITemplate: "lab://items/{id}", MIMEType: "text/plain"},
		func(_ context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			id := strings.TrimPrefix(req.Params.URI, "lab://items/")
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{
				{URI: req.Params.URI, MIMEType: "text/plain", Text: "item " + id},
			}}, nil
		})
}

func addPrompts(server *mcp.Server) {
	server.AddPrompt(&mcp.Prompt{Name: "greet", Description: "Greets someone", Arguments: []*mcp.PromptArgument{{Name: "name", Required: true}}},
		func(_ context.Context, req *mcp.GetPromptRequest) (*mcp.GetPromptResult, error) {
			return &mcp.GetPromptResult{Messages: []*mcp.PromptMessage{
				{Role: "user", Content: &mcp.TextContent{Text: "Hello, " + req.Params.Arguments["name"] + "!"}},
			}}, nil
		})
}

func matching(values []string, prefix string) []string {
	out := []string{}
	for _, value := range values {
		if strings.HasPrefix(value, prefix) {
			out = append(out, value)
		}
	}
	return out
}

func complete(_ context.Context, req *mcp.CompleteRequest) (*mcp.CompleteResult, error) {
	var values []string
	switch {
	case req.Params.Ref.Type == "ref/resource" && req.Params.Ref.URI == "lab://items/{id}" && req.Params.Argument.Name == "id":
		values = matching([]string{"item-1", "item-2", "item-3"}, req.Params.Argument.Value)
	case req.Params.Ref.Type == "ref/prompt" && req.Params.Ref.Name == "greet" && req.Params.Argument.Name == "name":
		values = matching([]string{"alice", "bob", "carol"}, req.Params.Argument.Value)
	default:
		values = []string{}
	}
	return &mcp.CompleteResult{Completion: mcp.CompletionResultDetails{Values: values, Total: len(values)}}, nil
}

func main() {
	useHTTP := flag.Bool("http", false, "serve Streamable HTTP on 127.0.0.1 instead of stdio")
	port := flag.Int("port", 0, "HTTP port")
	authIssuer := flag.String("auth-issuer", "", "HTTP: accept only tokens this authorization server issued")
	flag.Parse()

	server := mcp.NewServer(&mcp.Implementation{Name: "mcp-conform-lab-go-sdk", Version: "1.0.0"}, &mcp.ServerOptions{CompletionHandler: complete})
	addTools(server)
	addResources(server)
	addPrompts(server)

	if *useHTTP {
		handler := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return server }, nil)
		mux := http.NewServeMux()
		if *authIssuer != "" {
			resource := fmt.Sprintf("http://127.0.0.1:%d/mcp", *port)
			metadataURL := fmt.Sprintf("http://127.0.0.1:%d/.well-known/oauth-protected-resource/mcp", *port)
			verifier := &jwtVerifier{issuer: *authIssuer, resource: resource}
			options := &auth.RequireBearerTokenOptions{ResourceMetadataURL: metadataURL, Scopes: []string{"mcp:tools"}}
			mux.Handle("/mcp", auth.RequireBearerToken(verifier.verify, options)(handler))
			mux.Handle("/.well-known/oauth-protected-resource/mcp", auth.ProtectedResourceMetadataHandler(&oauthex.ProtectedResourceMetadata{
				Resource:             resource,
				AuthorizationServers: []string{*authIssuer},
				ScopesSupported:      []string{"mcp:tools"},
			}))
		} else {
			mux.Handle("/mcp", handler)
		}
		listener, err := net.Listen("tcp", fmt.Sprintf("127.0.0.1:%d", *port))
		if err != nil {
			log.Fatal(err)
		}
		log.Printf("listening on http://%s/mcp", listener.Addr())
		log.Fatal(http.Serve(listener, mux))
	}
	if err := server.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Printf("server failed: %v", err)
	}
}
