"""The API's docs page (/leagues/api/docs): its OpenAPI schema drawn as one of the site's own pages.

Why not Swagger UI, django-ninja's default renderer, nor Redoc, the other one it bundles (issue #26):
Swagger UI's markup fails axe-core (about 94 serious nodes: grey text below 4.5:1, a button holding
buttons in each operation's summary, no `<html lang>`) and its 1.5 MB of JavaScript draws the whole page,
which a phone pays for (Lighthouse's performance far from 100); Redoc's styled-components write inline
styles, which the site's Content-Security-Policy refuses, and its script is 0.9 MB. This renderer
(ninja's `docs=` option) draws the same schema on the server into base.html: the site's language, header,
CSS and contrast, no script of its own, and nothing from a CDN. What it leaves out is Swagger's "Try it
out": the reads are plain GETs a browser opens, and the schema itself (openapi.json) is linked for the
tools that want it (Swagger Editor, Postman, code generators). The schema's texts are the API's, in English.
"""

import json
import re

from django.shortcuts import render
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from ninja.openapi.docs import DocsBase

_CODE = re.compile(r"`([^`]+)`")
_SCHEMA_PREFIX = "#/components/schemas/"


def prose(text):
    """Paragraphs of a schema's description (split on blank lines, lines joined), its `code` as <code>;
    everything else escaped."""
    paragraphs = [" ".join(part.split()) for part in re.split(r"\n\s*\n", text or "") if part.strip()]
    return [_inline(paragraph) for paragraph in paragraphs]


def _inline(text):
    pieces = _CODE.split(text)  # text, code, text, code, ...
    return mark_safe(
        "".join(
            format_html("<code>{}</code>", piece) if index % 2 else format_html("{}", piece)
            for index, piece in enumerate(pieces)
        )
    )


def type_html(schema):
    """A schema's type, written as code: `integer`, `string | null`, `array[Team]`, an enum's values,
    and a component by its name, linked to its description below."""
    if "$ref" in schema:
        name = schema["$ref"].removeprefix(_SCHEMA_PREFIX)
        return format_html('<a href="#schema-{}">{}</a>', name, name)
    if "anyOf" in schema:
        return format_html_join(" | ", "{}", ((type_html(part),) for part in schema["anyOf"]))
    if "enum" in schema:
        return format_html_join(" | ", "{}", ((json.dumps(value),) for value in schema["enum"]))
    kind = schema.get("type", "any")
    if kind == "array":
        return format_html("array[{}]", type_html(schema.get("items", {})))
    if kind == "object" and isinstance(schema.get("additionalProperties"), dict):
        return format_html("map[string, {}]", type_html(schema["additionalProperties"]))
    return format_html("{}", kind)


def _body_schema(part):
    """The schema of a request body or a response, if it has a JSON one."""
    return ((part or {}).get("content") or {}).get("application/json", {}).get("schema")


def fields(schema):
    """[{name, type, required, default, description}] of an object schema's properties."""
    required = set(schema.get("required", ()))
    return [
        {
            "name": name,
            "type": type_html(field),
            "required": name in required,
            "default": json.dumps(field["default"]) if "default" in field else None,
            "description": prose(field.get("description")),
        }
        for name, field in (schema.get("properties") or {}).items()
    ]


def operations(spec):
    """The schema's operations, in its order, as the template shows them."""
    found = []
    for path, methods in spec.get("paths", {}).items():
        for method, operation in methods.items():
            body = _body_schema(operation.get("requestBody"))
            security = operation.get("security") or []
            found.append(
                {
                    "id": f"op-{operation.get('operationId') or method + path}",
                    "method": method.upper(),
                    "path": path,
                    "summary": operation.get("summary", ""),
                    "description": prose(operation.get("description")),
                    "token_required": bool(security) and {} not in security,
                    "parameters": [
                        {
                            "name": parameter["name"],
                            "in": parameter["in"],
                            "type": type_html(parameter.get("schema", {})),
                            "required": parameter.get("required", False),
                            "default": json.dumps(parameter["schema"]["default"])
                            if "default" in parameter.get("schema", {})
                            else None,
                            "description": prose(parameter.get("description")),
                        }
                        for parameter in operation.get("parameters", [])
                    ],
                    "body": type_html(body) if body else None,
                    "responses": [
                        {
                            "status": status,
                            "description": response.get("description", ""),
                            "type": type_html(_body_schema(response)) if _body_schema(response) else None,
                        }
                        for status, response in operation.get("responses", {}).items()
                    ],
                }
            )
    return found


def schemas(spec):
    """The schema's components, by name, as the template shows them."""
    return [
        {
            "name": name,
            "id": f"schema-{name}",
            "description": prose(schema.get("description")),
            "fields": fields(schema),
        }
        for name, schema in spec.get("components", {}).get("schemas", {}).items()
    ]


class SchemaPage(DocsBase):
    """The docs page of a NinjaAPI, drawn from its OpenAPI schema by templates/league/api_docs.html."""

    template = "league/api_docs.html"

    def render_page(self, request, api, **kwargs):
        spec = api.get_openapi_schema(path_params=kwargs)
        info = spec.get("info", {})
        intro = prose(info.get("description"))
        context = {
            "title": info.get("title", ""),
            "version": info.get("version", ""),
            "intro": intro,
            # The page's meta description: the API's first sentence, without its markup.
            "summary": " ".join(info.get("description", "").split()).split(". ")[0].replace("`", "") + ".",
            "schema_url": self.get_openapi_url(api, kwargs),
            "operations": operations(spec),
            "schemas": schemas(spec),
        }
        return render(request, self.template, context)
