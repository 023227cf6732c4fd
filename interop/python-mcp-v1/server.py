"""The interop lab surface on the PyPI `mcp` 1.x line (the latest 1.x release), written the way
its docs show: a FastMCP server with decorated tools, resources, a prompt and a completion
handler, served over stdio or Streamable HTTP."""

import argparse
import asyncio
from typing import Annotated, Literal

from pydantic import BaseModel, Field

from mcp.server.fastmcp import FastMCP
from mcp.server.fastmcp.exceptions import ToolError
from mcp.types import Completion, PromptReference, ResourceTemplateReference, ToolAnnotations

parser = argparse.ArgumentParser()
parser.add_argument("--http", action="store_true")
parser.add_argument("--port", type=int, default=8000)
args = parser.parse_args()

mcp = FastMCP("mcp-conform-lab-python-mcp-v1", host="127.0.0.1", port=args.port)
READ_ONLY = ToolAnnotations(readOnlyHint=True)
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
    mcp.run("streamable-http" if args.http else "stdio")
