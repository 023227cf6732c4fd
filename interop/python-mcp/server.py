"""The interop lab surface on the PyPI `mcp` 2.x SDK, written the way its docs show:
an MCPServer with decorated tools, resources, a prompt and a completion handler.
With --auth-issuer URL (HTTP) it is a protected resource server, as the SDK's docs show:
AuthSettings and a TokenVerifier that checks JWTs against the issuer's JWKS (PyJWT)."""

import argparse
import asyncio
import sys
from typing import Annotated, Literal

from pydantic import BaseModel, Field

import jwt
from anyio import to_thread

from mcp.server.auth.provider import AccessToken
from mcp.server.auth.settings import AuthSettings
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import Completion, PromptReference, ResourceTemplateReference, ToolAnnotations

class JwtVerifier:
    """Accepts JWT access tokens the issuer signed (its JWKS), in date; the SDK checks audience and scope."""

    def __init__(self, issuer: str):
        self.issuer = issuer
        self.keys = jwt.PyJWKClient(f"{issuer}/jwks")

    def _decode(self, token: str) -> dict:
        key = self.keys.get_signing_key_from_jwt(token)
        return jwt.decode(token, key.key, algorithms=["RS256"], issuer=self.issuer, options={"verify_aud": False})

    async def verify_token(self, token: str) -> AccessToken | None:
        try:
            claims = await to_thread.run_sync(self._decode, token)
        except jwt.PyJWTError:
            return None
        scope = claims.get("scope")
        return AccessToken(
            token=token,
            client_id=str(claims.get("client_id", claims.get("sub", ""))),
            scopes=scope.split() if isinstance(scope, str) else [],
            expires_at=claims.get("exp"),
            resource=claims.get("aud") if isinstance(claims.get("aud"), str) else None,
        )


def auth_options() -> dict:
    """--auth-issuer URL: protected by that authorization server's tokens (read before the server is made)."""
    if "--auth-issuer" not in sys.argv:
        return {}
    issuer = sys.argv[sys.argv.index("--auth-issuer") + 1]
    port = sys.argv[sys.argv.index("--port") + 1]
    settings = AuthSettings(
        issuer_url=issuer,
        resource_server_url=f"http://127.0.0.1:{port}/mcp",
        required_scopes=["mcp:tools"],
        # The authorization server binds each token to the resource asked for (RFC 8707).
        validate_token_resource=True,
    )
    return {"auth": settings, "token_verifier": JwtVerifier(issuer)}


mcp = MCPServer("mcp-conform-lab-python-mcp", version="1.0.0", **auth_options())
READ_ONLY = ToolAnnotations(read_only_hint=True)
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


@mcp.completion()
async def complete(ref, argument, context):
    if isinstance(ref, ResourceTemplateReference) and ref.uri == "lab://items/{id}" and argument.name == "id":
        return Completion(values=[v for v in ITEMS if v.startswith(argument.value)])
    if isinstance(ref, PromptReference) and ref.name == "greet" and argument.name == "name":
        return Completion(values=[v for v in NAMES if v.startswith(argument.value)])
    return None


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--http", action="store_true")
    parser.add_argument("--port", type=int, default=8000)
    parser.add_argument("--auth-issuer")
    args = parser.parse_args()
    if args.http:
        mcp.run("streamable-http", host="127.0.0.1", port=args.port)
    else:
        mcp.run()
