//! The interop lab's server on rmcp (the official Rust SDK), written after the SDK's examples:
//! tool/prompt routers from the macros, resources and completion in the ServerHandler impl.
//!   stdio:            mcp-conform-lab-rust-rmcp
//!   Streamable HTTP:  mcp-conform-lab-rust-rmcp --http --port N   (127.0.0.1:N/mcp)
use rmcp::{
    ErrorData as McpError, Json, RoleServer, ServerHandler, ServiceExt,
    handler::server::{
        router::{prompt::PromptRouter, tool::ToolRouter},
        wrapper::Parameters,
    },
    model::*,
    prompt, prompt_handler, prompt_router, schemars,
    service::RequestContext,
    tool, tool_handler, tool_router,
    transport::{
        stdio,
        streamable_http_server::{
            StreamableHttpServerConfig, StreamableHttpService, session::local::LocalSessionManager,
        },
    },
};

const ITEM_TEMPLATE: &str = "lab://items/{id}";
const ITEM_IDS: [&str; 3] = ["item-1", "item-2", "item-3"];
const NAMES: [&str; 3] = ["alice", "bob", "carol"];

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct EchoArgs {
    /// Text to echo back
    pub text: String,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    Red,
    Green,
    Blue,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct PickArgs {
    pub color: Color,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct AddArgs {
    #[schemars(range(min = 0, max = 1000))]
    pub a: i64,
    #[schemars(range(min = -1000000, max = 1000000))]
    pub b: f64,
}

#[derive(Debug, serde::Serialize, schemars::JsonSchema)]
pub struct AddOutput {
    pub sum: f64,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct SleepArgs {
    /// Milliseconds to wait
    #[schemars(range(min = 0, max = 10000))]
    pub ms: u64,
}

#[derive(Debug, serde::Deserialize, schemars::JsonSchema)]
pub struct GreetArgs {
    /// Who to greet
    pub name: String,
}

#[derive(Clone)]
pub struct Lab {
    tool_router: ToolRouter<Lab>,
    prompt_router: PromptRouter<Lab>,
}

#[tool_router]
impl Lab {
    pub fn new() -> Self {
        Self { tool_router: Self::tool_router(), prompt_router: Self::prompt_router() }
    }

    #[tool(description = "Returns the given text unchanged", annotations(read_only_hint = true))]
    fn echo(&self, Parameters(EchoArgs { text }): Parameters<EchoArgs>) -> Result<CallToolResult, McpError> {
        Ok(CallToolResult::success(vec![ContentBlock::text(text)]))
    }

    #[tool(description = "Picks one of three colours", annotations(read_only_hint = true))]
    fn pick(&self, Parameters(PickArgs { color }): Parameters<PickArgs>) -> Result<CallToolResult, McpError> {
        let name = match color {
            Color::Red => "red",
            Color::Green => "green",
            Color::Blue => "blue",
        };
        Ok(CallToolResult::success(vec![ContentBlock::text(format!("picked {name}"))]))
    }

    #[tool(description = "Adds two bounded numbers", annotations(read_only_hint = true))]
    fn add(&self, Parameters(AddArgs { a, b }): Parameters<AddArgs>) -> Json<AddOutput> {
        Json(AddOutput { sum: a as f64 + b })
    }

    #[tool(description = "Always fails (a tool execution error)", annotations(read_only_hint = true))]
    fn fail(&self) -> Result<CallToolResult, McpError> {
        Ok(CallToolResult::error(vec![ContentBlock::text("this tool always fails")]))
    }

    #[tool(description = "Waits ms milliseconds", annotations(read_only_hint = true))]
    async fn sleep(&self, Parameters(SleepArgs { ms }): Parameters<SleepArgs>) -> Result<CallToolResult, McpError> {
        tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
        Ok(CallToolResult::success(vec![ContentBlock::text(format!("slept {ms}"))]))
    }
}

#[prompt_router]
impl Lab {
    /// Greets someone by name
    #[prompt(name = "greet")]
    async fn greet(&self, Parameters(GreetArgs { name }): Parameters<GreetArgs>) -> Result<Vec<PromptMessage>, McpError> {
        Ok(vec![PromptMessage::new_text(Role::User, format!("Hello, {name}!"))])
    }
}

fn prefixed(candidates: &[&str], prefix: &str) -> Vec<String> {
    candidates.iter().filter(|c| c.starts_with(prefix)).map(|c| c.to_string()).collect()
}

#[tool_handler]
#[prompt_handler]
impl ServerHandler for Lab {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_resources()
                .enable_prompts()
                .enable_completions()
                .build(),
        )
        .with_server_info(Implementation::new("mcp-conform-lab-rust-rmcp", "1.0.0"))
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, McpError> {
        Ok(ListResourcesResult::with_all_items(vec![
            Resource::new("lab://readme", "readme").with_mime_type("text/plain"),
        ]))
    }

    async fn list_resource_templates(
        &self,
        _request: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListResourceTemplatesResult, McpError> {
        Ok(ListResourceTemplatesResult::with_all_items(vec![
            ResourceTemplate::new(ITEM_TEMPLATE, "item").with_mime_type("text/plain"),
        ]))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, McpError> {
        let uri = request.uri.as_str();
        let text = if uri == "lab://readme" {
            "The mcp-conform interop lab server on rmcp.".to_string()
        } else if let Some(id) = uri.strip_prefix("lab://items/").filter(|id| !id.is_empty()) {
            format!("item {id}")
        } else {
            return Err(McpError::resource_not_found("resource not found", Some(serde_json::json!({ "uri": uri }))));
        };
        Ok(ReadResourceResult::new(vec![ResourceContents::text(text, uri)]).into())
    }

    async fn complete(
        &self,
        request: CompleteRequestParams,
        _: RequestContext<RoleServer>,
    ) -> Result<CompleteResult, McpError> {
        let value = request.argument.value.as_str();
        // The handler is ours, not the SDK's: an unknown prompt or template is invalid params.
        let (candidates, argument): (&[&str], &str) = match &request.r#ref {
            Reference::Resource(r) if r.uri == ITEM_TEMPLATE => (&ITEM_IDS, "id"),
            Reference::Prompt(p) if p.name == "greet" => (&NAMES, "name"),
            Reference::Resource(r) => return Err(McpError::invalid_params(format!("unknown resource template {}", r.uri), None)),
            Reference::Prompt(p) => return Err(McpError::invalid_params(format!("unknown prompt {}", p.name), None)),
            _ => return Err(McpError::invalid_params("unknown reference type", None)),
        };
        let values = if request.argument.name == argument { prefixed(candidates, value) } else { Vec::new() };
        let completion = CompletionInfo::new(values).map_err(|e| McpError::internal_error(e, None))?;
        Ok(CompleteResult::new(completion))
    }
}

fn http_port() -> Option<u16> {
    let args: Vec<String> = std::env::args().collect();
    if !args.iter().any(|a| a == "--http") {
        return None;
    }
    let port = args.iter().position(|a| a == "--port").and_then(|i| args.get(i + 1));
    Some(port.and_then(|p| p.parse().ok()).expect("--http needs --port N"))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    match http_port() {
        None => {
            let service = Lab::new().serve(stdio()).await?;
            service.waiting().await?;
        }
        Some(port) => {
            let ct = tokio_util::sync::CancellationToken::new();
            let service = StreamableHttpService::new(
                || Ok(Lab::new()),
                LocalSessionManager::default().into(),
                StreamableHttpServerConfig::default().with_cancellation_token(ct.child_token()),
            );
            let router = axum::Router::new().nest_service("/mcp", service);
            let listener = tokio::net::TcpListener::bind(("127.0.0.1", port)).await?;
            eprintln!("listening on http://127.0.0.1:{port}/mcp");
            axum::serve(listener, router)
                .with_graceful_shutdown(async move {
                    tokio::signal::ctrl_c().await.ok();
                    ct.cancel();
                })
                .await?;
        }
    }
    Ok(())
}
