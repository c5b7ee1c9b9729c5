"""Security headers on every HTTP response: what the browser may load, run and frame for this server's pages.

The browser app loads nothing but its own files (scripts as modules, one style sheet, SVG
drawn in the page) and talks only to its own origin, so its policy allows ``'self'`` and
nothing else: an injected ``<script>`` or inline handler would not run, and no other site
may frame a page (clickjacking). The interactive API documentation is FastAPI's Swagger
page, which loads its scripts from a CDN and starts them with an inline script; it alone
gets a policy that allows those.
"""

from __future__ import annotations

from starlette.types import ASGIApp, Message, Receive, Scope, Send

APP_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
"""The Content-Security-Policy of every response but the API documentation's page."""

DOCS_POLICY = "; ".join((
    "default-src 'self'",
    "script-src 'self' https://cdn.jsdelivr.net 'unsafe-inline'",
    "style-src 'self' https://cdn.jsdelivr.net 'unsafe-inline'",
    "img-src 'self' data: https://fastapi.tiangolo.com",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
))
"""The Content-Security-Policy of the interactive API documentation (Swagger UI from its CDN)."""


class SecurityHeaders:
    """ASGI middleware adding ``Content-Security-Policy``, ``X-Frame-Options: DENY``, ``X-Content-Type-Options:
    nosniff`` and ``Referrer-Policy`` to every HTTP response that does not set them itself."""

    def __init__(self, app: ASGIApp, docs_path: str | None = None) -> None:
        self.app = app
        self.docs_path = docs_path

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; add the headers to the start of its response."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = DOCS_POLICY if scope.get("path") == self.docs_path else APP_POLICY
        extra = [(b"content-security-policy", policy.encode()), (b"x-frame-options", b"DENY"),
                 (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {name.lower() for name, _ in headers}
                headers.extend(header for header in extra if header[0] not in present)
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, send_with_headers)
