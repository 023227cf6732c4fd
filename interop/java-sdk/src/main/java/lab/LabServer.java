package lab;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.modelcontextprotocol.json.McpJsonDefaults;
import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.server.McpServer;
import io.modelcontextprotocol.server.McpServerFeatures.SyncCompletionSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncPromptSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncResourceTemplateSpecification;
import io.modelcontextprotocol.server.McpServerFeatures.SyncToolSpecification;
import io.modelcontextprotocol.server.McpSyncServer;
import io.modelcontextprotocol.server.transport.DefaultServerTransportSecurityValidator;
import io.modelcontextprotocol.server.transport.HttpServletStreamableServerTransportProvider;
import io.modelcontextprotocol.server.transport.StdioServerTransportProvider;
import io.modelcontextprotocol.spec.McpSchema.CallToolResult;
import io.modelcontextprotocol.spec.McpSchema.CompleteResult;
import io.modelcontextprotocol.spec.McpSchema.GetPromptResult;
import io.modelcontextprotocol.spec.McpSchema.Prompt;
import io.modelcontextprotocol.spec.McpSchema.PromptArgument;
import io.modelcontextprotocol.spec.McpSchema.PromptMessage;
import io.modelcontextprotocol.spec.McpSchema.PromptReference;
import io.modelcontextprotocol.spec.McpSchema.ReadResourceResult;
import io.modelcontextprotocol.spec.McpSchema.Resource;
import io.modelcontextprotocol.spec.McpSchema.ResourceReference;
import io.modelcontextprotocol.spec.McpSchema.ResourceTemplate;
import io.modelcontextprotocol.spec.McpSchema.Role;
import io.modelcontextprotocol.spec.McpSchema.ServerCapabilities;
import io.modelcontextprotocol.spec.McpSchema.TextContent;
import io.modelcontextprotocol.spec.McpSchema.TextResourceContents;
import io.modelcontextprotocol.spec.McpSchema.Tool;
import io.modelcontextprotocol.spec.McpSchema.ToolAnnotations;
import org.apache.catalina.Context;
import org.apache.catalina.Wrapper;
import org.apache.catalina.startup.Tomcat;

/**
 * The interop lab's server on the MCP Java SDK, written after its server guide: a sync server
 * with tool, resource, template, prompt and completion specifications.
 * stdio: {@code java -jar server.jar}; Streamable HTTP: {@code java -jar server.jar --http --port N}
 * (127.0.0.1:N/mcp on an embedded Tomcat, as the SDK's servlet conformance server does).
 */
public final class LabServer {

	private static final String NAME = "mcp-conform-lab-java-sdk";

	private static final String ITEM_TEMPLATE = "lab://items/{id}";

	private static final List<String> ITEM_IDS = List.of("item-1", "item-2", "item-3");

	private static final List<String> NAMES = List.of("alice", "bob", "carol");

	private static final ToolAnnotations READ_ONLY = ToolAnnotations.builder().readOnlyHint(true).build();

	private LabServer() {
	}

	public static void main(String[] args) throws Exception {
		McpJsonMapper json = McpJsonDefaults.getMapper();
		int port = httpPort(args);
		if (port < 0) {
			McpSyncServer server = build(McpServer.sync(new StdioServerTransportProvider(json)), json);
			Runtime.getRuntime().addShutdownHook(new Thread(server::closeGracefully));
			return; // the transport's own threads keep the process alive until stdin closes
		}
		HttpServletStreamableServerTransportProvider transport = HttpServletStreamableServerTransportProvider.builder()
			.jsonMapper(json)
			.mcpEndpoint("/mcp")
			.securityValidator(DefaultServerTransportSecurityValidator.builder()
				.allowedHosts(List.of("127.0.0.1:*", "localhost:*"))
				.allowedOrigins(List.of("http://127.0.0.1:*", "http://localhost:*"))
				.build())
			.build();
		McpSyncServer server = build(McpServer.sync(transport), json);
		Tomcat tomcat = tomcat(transport, port);
		tomcat.start();
		System.err.println("listening on http://127.0.0.1:" + port + "/mcp");
		Runtime.getRuntime().addShutdownHook(new Thread(() -> {
			server.closeGracefully();
			try {
				tomcat.stop();
			}
			catch (Exception ignored) {
				// shutting down anyway
			}
		}));
		tomcat.getServer().await();
	}

	private static int httpPort(String[] args) {
		List<String> list = List.of(args);
		if (!list.contains("--http")) {
			return -1;
		}
		int at = list.indexOf("--port");
		if (at < 0 || at + 1 >= list.size()) {
			throw new IllegalArgumentException("--http needs --port N");
		}
		return Integer.parseInt(list.get(at + 1));
	}

	private static Tomcat tomcat(HttpServletStreamableServerTransportProvider transport, int port) {
		Tomcat tomcat = new Tomcat();
		String baseDir = System.getProperty("java.io.tmpdir");
		tomcat.setBaseDir(baseDir);
		tomcat.setPort(port);
		tomcat.getConnector().setProperty("address", "127.0.0.1");
		Context context = tomcat.addContext("", baseDir);
		Wrapper wrapper = context.createWrapper();
		wrapper.setName("mcp");
		wrapper.setServlet(transport);
		wrapper.setLoadOnStartup(1);
		wrapper.setAsyncSupported(true);
		context.addChild(wrapper);
		context.addServletMappingDecoded("/*", "mcp");
		return tomcat;
	}

	private static McpSyncServer build(McpServer.SyncSpecification<?> spec, McpJsonMapper json) {
		return spec
			.serverInfo(NAME, "1.0.0")
			.capabilities(ServerCapabilities.builder()
				.tools(false)
				.resources(false, false)
				.prompts(false)
				.completions()
				.build())
			.tools(tools(json))
			.resources(readme())
			.resourceTemplates(items())
			.prompts(greet())
			.completions(completions())
			.requestTimeout(Duration.ofSeconds(30))
			.build();
	}

	private static List<SyncToolSpecification> tools(McpJsonMapper json) {
		return List.of(tool(json, "echo", "Returns the given text unchanged", """
				{"type":"object","properties":{"text":{"type":"string"}},"required":["text"]}""", null,
				(args) -> text((String) args.get("text"))),
				tool(json, "pick", "Picks one of three colours", """
						{"type":"object","properties":{"color":{"type":"string","enum":["red","green","blue"]}},"required":["color"]}""",
						null, (args) -> text("picked " + args.get("color"))),
				tool(json, "add", "Adds two bounded numbers", """
						{"type":"object","properties":{"a":{"type":"integer","minimum":0,"maximum":1000},
						"b":{"type":"number","minimum":-1000000,"maximum":1000000}},"required":["a","b"]}""", """
						{"type":"object","properties":{"sum":{"type":"number"}},"required":["sum"]}""", (args) -> {
							double sum = ((Number) args.get("a")).doubleValue() + ((Number) args.get("b")).doubleValue();
							Map<String, Object> output = Map.of("sum", sum);
							return CallToolResult.builder()
								.addTextContent("{\"sum\":" + sum + "}")
								.structuredContent(output)
								.build();
						}),
				tool(json, "fail", "Always fails (a tool execution error)", """
						{"type":"object","properties":{}}""", null,
						(args) -> CallToolResult.builder().addTextContent("this tool always fails").isError(true).build()),
				tool(json, "sleep", "Waits ms milliseconds", """
						{"type":"object","properties":{"ms":{"type":"integer","minimum":0,"maximum":10000}},"required":["ms"]}""",
						null, (args) -> {
							long ms = ((Number) args.get("ms")).longValue();
							try {
								Thread.sleep(ms);
							}
							catch (InterruptedException e) {
								Thread.currentThread().interrupt();
							}
							return text("slept " + ms);
						}));
	}

	private static SyncToolSpecification tool(McpJsonMapper json, String name, String description, String input,
			String output, java.util.function.Function<Map<String, Object>, CallToolResult> body) {
		Tool.Builder tool = Tool.builder(name, json, input).description(description).annotations(READ_ONLY);
		if (output != null) {
			tool.outputSchema(json, output);
		}
		return SyncToolSpecification.builder()
			.tool(tool.build())
			.callHandler((exchange, request) -> body.apply(request.arguments()))
			.build();
	}

	private static CallToolResult text(String text) {
		return CallToolResult.builder().content(List.of(new TextContent(text))).build();
	}

	private static SyncResourceSpecification readme() {
		return new SyncResourceSpecification(
				Resource.builder("lab://readme", "readme").mimeType("text/plain").build(),
				(exchange, request) -> ReadResourceResult.builder(List.of(TextResourceContents
					.builder(request.uri(), "The mcp-conform interop lab server on the Java SDK.")
					.mimeType("text/plain")
					.build())).build());
	}

	private static SyncResourceTemplateSpecification items() {
		return new SyncResourceTemplateSpecification(
				ResourceTemplate.builder().uriTemplate(ITEM_TEMPLATE).name("item").mimeType("text/plain").build(),
				(exchange, request) -> {
					String id = request.uri().substring("lab://items/".length());
					return ReadResourceResult.builder(List.of(TextResourceContents.builder(request.uri(), "item " + id)
						.mimeType("text/plain")
						.build())).build();
				});
	}

	private static SyncPromptSpecification greet() {
		return new SyncPromptSpecification(
				Prompt.builder("greet")
					.description("Greets someone by name")
					.arguments(List.of(PromptArgument.builder("name").description("Who to greet").required(true).build()))
					.build(),
				(exchange, request) -> GetPromptResult.builder(List.of(PromptMessage
					.builder(Role.USER, new TextContent("Hello, " + request.arguments().get("name") + "!"))
					.build())).build());
	}

	private static List<SyncCompletionSpecification> completions() {
		return List.of(
				new SyncCompletionSpecification(new ResourceReference(ITEM_TEMPLATE),
						(exchange, request) -> complete(ITEM_IDS, request.argument().value())),
				new SyncCompletionSpecification(new PromptReference("greet"),
						(exchange, request) -> complete(NAMES, request.argument().value())));
	}

	private static CompleteResult complete(List<String> candidates, String prefix) {
		List<String> values = candidates.stream().filter(c -> c.startsWith(prefix)).toList();
		return new CompleteResult(new CompleteResult.CompleteCompletion(values, values.size(), false));
	}

}
