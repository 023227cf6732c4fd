// The interop lab's server on the MCP Kotlin SDK, written after the SDK's README: a Server with
// addTool/addResource/addResourceTemplate/addPrompt, and completion/complete as a request handler
// on each session (the SDK has no completion registry).
// stdio: `java -jar server.jar`; Streamable HTTP: `java -jar server.jar --http --port N`
// (127.0.0.1:N/mcp, Ktor CIO with the SDK's mcpStreamableHttp, as its README and conformance server do).
package lab

import io.ktor.server.cio.CIO
import io.ktor.server.engine.embeddedServer
import io.modelcontextprotocol.kotlin.sdk.server.Server
import io.modelcontextprotocol.kotlin.sdk.server.ServerOptions
import io.modelcontextprotocol.kotlin.sdk.server.ServerSession
import io.modelcontextprotocol.kotlin.sdk.server.StdioServerTransport
import io.modelcontextprotocol.kotlin.sdk.server.mcpStreamableHttp
import io.modelcontextprotocol.kotlin.sdk.types.CallToolRequest
import io.modelcontextprotocol.kotlin.sdk.types.CallToolResult
import io.modelcontextprotocol.kotlin.sdk.types.CompleteRequest
import io.modelcontextprotocol.kotlin.sdk.types.CompleteResult
import io.modelcontextprotocol.kotlin.sdk.types.GetPromptResult
import io.modelcontextprotocol.kotlin.sdk.types.Implementation
import io.modelcontextprotocol.kotlin.sdk.types.McpException
import io.modelcontextprotocol.kotlin.sdk.types.Method
import io.modelcontextprotocol.kotlin.sdk.types.PromptArgument
import io.modelcontextprotocol.kotlin.sdk.types.PromptMessage
import io.modelcontextprotocol.kotlin.sdk.types.PromptReference
import io.modelcontextprotocol.kotlin.sdk.types.RPCError
import io.modelcontextprotocol.kotlin.sdk.types.ReadResourceResult
import io.modelcontextprotocol.kotlin.sdk.types.ResourceTemplateReference
import io.modelcontextprotocol.kotlin.sdk.types.Role
import io.modelcontextprotocol.kotlin.sdk.types.ServerCapabilities
import io.modelcontextprotocol.kotlin.sdk.types.TextContent
import io.modelcontextprotocol.kotlin.sdk.types.TextResourceContents
import io.modelcontextprotocol.kotlin.sdk.types.ToolAnnotations
import io.modelcontextprotocol.kotlin.sdk.types.ToolSchema
import kotlinx.coroutines.Job
import kotlinx.coroutines.delay
import kotlinx.coroutines.runBlocking
import kotlinx.io.asSink
import kotlinx.io.asSource
import kotlinx.io.buffered
import kotlinx.serialization.json.JsonObject
import kotlinx.serialization.json.JsonPrimitive
import kotlinx.serialization.json.buildJsonObject
import kotlinx.serialization.json.doubleOrNull
import kotlinx.serialization.json.put
import kotlinx.serialization.json.putJsonArray
import kotlinx.serialization.json.putJsonObject
import java.io.FilterInputStream
import java.util.concurrent.CountDownLatch
import kotlin.math.floor

private const val NAME = "mcp-conform-lab-kotlin-sdk"
private const val ITEM_TEMPLATE = "lab://items/{id}"
private val ITEM_IDS = listOf("item-1", "item-2", "item-3")
private val NAMES = listOf("alice", "bob", "carol")
private val COLOURS = listOf("red", "green", "blue")
private val READ_ONLY = ToolAnnotations(readOnlyHint = true)

fun main(args: Array<String>) {
    // kotlin-logging (the SDK's logger) otherwise prints an "initializing" line to stdout, which on
    // stdio is the protocol stream.
    System.setProperty("kotlin-logging.logStartupMessage", "false")
    val port = httpPort(args)
    if (port == null) serveStdio() else serveHttp(port)
}

private fun httpPort(args: Array<String>): Int? {
    if ("--http" !in args) return null
    val at = args.indexOf("--port")
    require(at >= 0 && at + 1 < args.size) { "--http needs --port N" }
    return args[at + 1].toInt()
}

private fun serveStdio() = runBlocking {
    val server = labServer()
    // createSession starts reading stdin before its onConnect hook has added the completion handler,
    // so a client that does not wait (or a slow start) could meet -32601; stdin opens once it is in.
    val ready = CountDownLatch(1)
    val stdin = object : FilterInputStream(System.`in`) {
        override fun read(): Int = ready.await().let { super.read() }

        override fun read(b: ByteArray, off: Int, len: Int): Int = ready.await().let { super.read(b, off, len) }
    }
    val transport = StdioServerTransport(stdin.asSource().buffered(), System.out.asSink().buffered())
    val session = server.createSession(transport)
    val closed = Job()
    session.onClose { closed.complete() } // before stdin opens, so an empty stdin still ends the process
    ready.countDown()
    closed.join() // stdin's end closes the session
}

private fun serveHttp(port: Int) {
    // One Server for every session, as the README's quickstart; the SDK keeps a session per Mcp-Session-Id.
    val server = labServer()
    val engine = embeddedServer(CIO, host = "127.0.0.1", port = port) {
        mcpStreamableHttp(path = "/mcp") { server }
    }
    engine.start(wait = false)
    System.err.println("listening on http://127.0.0.1:$port/mcp")
    Runtime.getRuntime().addShutdownHook(Thread { engine.stop(100, 1000) })
    Thread.currentThread().join() // the engine's threads serve; this one waits for the process to end
}

private fun labServer(): Server {
    val server = Server(
        serverInfo = Implementation(name = NAME, version = "1.0.0"),
        options = ServerOptions(
            capabilities = ServerCapabilities(
                tools = ServerCapabilities.Tools(listChanged = false),
                resources = ServerCapabilities.Resources(subscribe = false, listChanged = false),
                prompts = ServerCapabilities.Prompts(listChanged = false),
                completions = ServerCapabilities.Completions,
            ),
        ),
    )
    addTools(server)
    addResources(server)
    addPrompts(server)
    // completion/complete is a per-session request handler; give it to every session as it connects.
    server.onConnect { server.sessions.values.forEach(::handleCompletions) }
    return server
}

// ---- tools ----

/** Arguments that break the input schema: the call answers a tool execution error (isError). */
private class BadArguments(message: String) : Exception(message)

private fun Server.labTool(
    name: String,
    description: String,
    input: ToolSchema,
    output: ToolSchema? = null,
    body: suspend (JsonObject) -> CallToolResult,
) = addTool(
    name = name,
    description = description,
    inputSchema = input,
    outputSchema = output,
    toolAnnotations = READ_ONLY,
) { request: CallToolRequest ->
    try {
        body(request.arguments ?: JsonObject(emptyMap()))
    } catch (bad: BadArguments) {
        CallToolResult(content = listOf(TextContent("invalid arguments: ${bad.message}")), isError = true)
    }
}

private fun text(value: String) = CallToolResult(content = listOf(TextContent(value)))

private fun JsonObject.string(name: String): String {
    val value = this[name] as? JsonPrimitive
    if (value == null || !value.isString) throw BadArguments("$name must be a string")
    return value.content
}

private fun JsonObject.number(name: String, min: Double, max: Double, integer: Boolean): Double {
    val value = (this[name] as? JsonPrimitive)?.takeIf { !it.isString }?.doubleOrNull
        ?: throw BadArguments("$name must be a number")
    if (integer && value != floor(value)) throw BadArguments("$name must be an integer")
    if (value < min || value > max) throw BadArguments("$name must be between $min and $max")
    return value
}

private fun addTools(server: Server) {
    server.labTool(
        "echo",
        "Returns the text it is given",
        ToolSchema(
            properties = buildJsonObject { putJsonObject("text") { put("type", "string") } },
            required = listOf("text"),
        ),
    ) { args -> text(args.string("text")) }

    server.labTool(
        "pick",
        "Picks one of three colours",
        ToolSchema(
            properties = buildJsonObject {
                putJsonObject("color") {
                    put("type", "string")
                    putJsonArray("enum") { COLOURS.forEach { add(JsonPrimitive(it)) } }
                }
            },
            required = listOf("color"),
        ),
    ) { args ->
        val colour = args.string("color")
        if (colour !in COLOURS) throw BadArguments("color must be one of ${COLOURS.joinToString()}")
        text("picked $colour")
    }

    server.labTool(
        "add",
        "Adds an integer and a number",
        ToolSchema(
            properties = buildJsonObject {
                putJsonObject("a") {
                    put("type", "integer")
                    put("minimum", 0)
                    put("maximum", 1000)
                }
                putJsonObject("b") {
                    put("type", "number")
                    put("minimum", -1_000_000)
                    put("maximum", 1_000_000)
                }
            },
            required = listOf("a", "b"),
        ),
        output = ToolSchema(
            properties = buildJsonObject { putJsonObject("sum") { put("type", "number") } },
            required = listOf("sum"),
        ),
    ) { args ->
        val sum = args.number("a", 0.0, 1000.0, integer = true) +
            args.number("b", -1_000_000.0, 1_000_000.0, integer = false)
        val structured = buildJsonObject { put("sum", sum) }
        CallToolResult(content = listOf(TextContent(structured.toString())), structuredContent = structured)
    }

    server.labTool("fail", "Always fails (a tool execution error)", ToolSchema()) {
        CallToolResult(content = listOf(TextContent("this tool always fails")), isError = true)
    }

    server.labTool(
        "sleep",
        "Waits ms milliseconds",
        ToolSchema(
            properties = buildJsonObject {
                putJsonObject("ms") {
                    put("type", "integer")
                    put("minimum", 0)
                    put("maximum", 10_000)
                }
            },
            required = listOf("ms"),
        ),
    ) { args ->
        val ms = args.number("ms", 0.0, 10_000.0, integer = true).toLong()
        delay(ms) // a coroutine: notifications/cancelled for the call cancels the wait
        text("slept $ms")
    }
}

// ---- resources, prompts, completions ----

private fun addResources(server: Server) {
    server.addResource(
        uri = "lab://readme",
        name = "readme",
        description = "What this server is",
        mimeType = "text/plain",
    ) { request ->
        ReadResourceResult(
            listOf(
                TextResourceContents(
                    text = "The mcp-conform interop lab server on the Kotlin SDK.",
                    uri = request.uri,
                    mimeType = "text/plain",
                ),
            ),
        )
    }
    server.addResourceTemplate(uriTemplate = ITEM_TEMPLATE, name = "item", mimeType = "text/plain") { request, vars ->
        ReadResourceResult(
            listOf(TextResourceContents(text = "item ${vars["id"]}", uri = request.uri, mimeType = "text/plain")),
        )
    }
}

private fun addPrompts(server: Server) {
    server.addPrompt(
        name = "greet",
        description = "Greets someone by name",
        arguments = listOf(PromptArgument(name = "name", description = "Who to greet", required = true)),
    ) { request ->
        val name = request.arguments?.get("name")
            ?: throw McpException(RPCError.ErrorCode.INVALID_PARAMS, "missing required argument: name")
        GetPromptResult(messages = listOf(PromptMessage(Role.User, TextContent("Hello, $name!"))))
    }
}

private fun handleCompletions(session: ServerSession) {
    session.setRequestHandler<CompleteRequest>(Method.Defined.CompletionComplete) { request, _ ->
        val ref = request.ref
        val candidates = when {
            ref is ResourceTemplateReference && ref.uri == ITEM_TEMPLATE && request.argument.name == "id" -> ITEM_IDS
            ref is PromptReference && ref.name == "greet" && request.argument.name == "name" -> NAMES
            else -> emptyList()
        }
        val values = candidates.filter { it.startsWith(request.argument.value) }
        CompleteResult(CompleteResult.Completion(values = values, total = values.size, hasMore = false))
    }
}
