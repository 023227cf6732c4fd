"""The interop lab surface on PyPI `fastmcp`, written the way its docs show: a FastMCP server
with decorated tools, resources, a prompt and a completion handler. With --auth-issuer URL
(HTTP) it is a protected resource server: a RemoteAuthProvider around fastmcp's JWTVerifier
(the issuer's JWKS, audience = this endpoint, scope mcp:tools)."""

import argparse
import asyncio
import sys
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.server.auth import RemoteAuthProvider
from fastmcp.server.auth.providers.jwt import JWTVerifier
from mcp_types import PromptReference, ResourceTemplateReference

def auth_provider() -> RemoteAuthProvider | None:
    """--auth-issuer URL: protected by that authorization server's tokens (read before the server is made)."""
    if "--auth-issuer" not in sys.argv:
        return None
    issuer = sys.argv[sys.argv.index("--auth-issuer") + 1]
    base = f"http://127.0.0.1:{sys.argv[sys.argv.index('--port') + 1]}"
    verifier = JWTVerifier(
        jwks_uri=f"{issuer}/jwks", issuer=issuer, audience=f"{base}/mcp", required_scopes=["mcp:tools"]
    )
    return RemoteAuthProvider(
        token_verifier=verifier, authorization_servers=[issuer], base_url=base, scopes_supported=["mcp:tools"]
    )


mcp = FastMCP("mcp-conform-lab-python-fastmcp", version="1.0.0", auth=auth_provider())
READ_ONLY = {"readOnlyHint": True}
ITEMS = ["item-1", "item-2", "item-3"]
NAMES = ["alice", "bob", "carol"]


class Sum(BaseModel):
    sum: float


@mcp.tool(description="Returns the text it is given", annotations=READ_ONLY)
def echo(text: str) -> str:
    return text


@mcp.tool(description="Picks a colour", annotations=READ_ONLY)
def pick(color: Literal["red", "green", "blue"]) -> str:
    return f"picked {color}"


@mcp.tool(description="Adds an integer and a number", annotations=READ_ONLY)
def add(
    a: Annotated[int, Field(ge=0, le=1000)],
    b: Annotated[float, Field(ge=-1_000_000, le=1_000_000)],
) -> Sum:
    return Sum(sum=a + b)


@mcp.tool(description="Always fails", annotations=READ_ONLY)
def fail() -> str:
    raise ToolError("this tool always fails")


@mcp.tool(description="Waits ms milliseconds", annotations=READ_ONLY)
async def sleep(ms: Annotated[int, Field(ge=0, le=10_000)]) -> str:
    await asyncio.sleep(ms / 1000)
    return f"slept {ms}"


@mcp.resource("lab://readme", name="readme", mime_type="text/plain")
def readme() -> str:
    return "The mcp-conform interop lab server."


@mcp.resource("lab://items/{id}", name="item", mime_type="text/plain")
def item(id: str) -> str:
    return f"item {id}"


@mcp.prompt(description="Greets someone")
def greet(name: str) -> str:
    return f"Hello, {name}!"


@mcp.completion
def complete(ref, argument, context):
    if isinstance(ref, ResourceTemplateReference) and ref.uri == "lab://items/{id}" and argument.name == "id":
        return [v for v in ITEMS if v.startswith(argument.value)]
    if isinstance(ref, PromptReference) and ref.name == "greet" and argument.name == "name":
        return [v for v in NAMES if v.startswith(argument.value)]
    return None


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", action="store_true")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--auth-issuer")
    args = parser.parse_args()
    if args.http:
        mcp.run("http", host="127.0.0.1", port=args.port, path="/mcp", show_banner=False)
    else:
        mcp.run(show_banner=False)
