"""Every answer of the API that is not a success is JSON, `{"detail": "..."}` in the language of the
request: a refused token or none (401), a right missing (403), nothing there (404, a URL that is no
endpoint included), a method the endpoint does not take (405), input refused (400, 422), too many
requests (429), and an error of ours (500, logged)."""

import logging
import math
from functools import wraps

from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.http.response import HttpResponseNotAllowed
from django.utils.translation import gettext as _
from ninja.errors import AuthenticationError, HttpError, Throttled
from ninja.errors import ValidationError as RequestInvalid

from web.league.api.pages import PageError, bad_page_message

logger = logging.getLogger(__name__)


class InvalidForm(Exception):
    """Input the page's form refuses: a 400 with its messages."""

    def __init__(self, form):
        super().__init__(form.errors)
        self.form = form


def _messages(form):
    """Each field's messages, and all of them in one line that names the fields."""
    errors = {name: list(messages) for name, messages in form.errors.items()}
    lines = []
    for name, messages in errors.items():
        label = form.fields[name].label if name in form.fields else None
        lines += [f"{label}: {message}" if label else message for message in messages]
    return " ".join(lines), errors


def install(api):
    """Register the handlers on the NinjaAPI `api`."""

    def answer(request, status, detail, **extra):
        return api.create_response(request, {"detail": str(detail), **extra}, status=status)

    @api.exception_handler(Http404)
    def not_found(request, exc):
        return answer(request, 404, _("Not found."))

    @api.exception_handler(PageError)
    def page_error(request, exc):
        return answer(request, exc.status, exc, error=str(exc))

    @api.exception_handler(PermissionDenied)
    def forbidden(request, exc):
        return answer(request, 403, str(exc) or _("You may not do this."))

    @api.exception_handler(ValidationError)
    def refused(request, exc):
        return answer(request, 400, " ".join(exc.messages))

    @api.exception_handler(InvalidForm)
    def invalid_form(request, exc):
        detail, errors = _messages(exc.form)
        return answer(request, 400, detail, errors=errors)

    @api.exception_handler(RequestInvalid)
    def invalid_request(request, exc):
        if exc.errors and all(tuple(error["loc"][:2]) == ("query", "page") for error in exc.errors):
            message = bad_page_message()
            return answer(request, 400, message, error=message)
        fields = ", ".join(sorted({str(error["loc"][-1]) for error in exc.errors if error.get("loc")}))
        detail = _("The request is not valid: check %(fields)s.") % {"fields": fields or _("its body")}
        return answer(request, 422, detail, errors=exc.errors)

    @api.exception_handler(AuthenticationError)
    def unauthorized(request, exc):
        detail = str(exc)
        if detail == "Unauthorized":  # none sent: django-ninja's own message
            detail = _("This needs a personal API token: send Authorization: Bearer <token>.")
        response = answer(request, 401, detail)
        response["WWW-Authenticate"] = "Bearer"
        return response

    @api.exception_handler(Throttled)
    def throttled(request, exc):
        seconds = max(1, math.ceil(exc.wait or 1))
        response = answer(
            request, 429, _("Too many requests: try again in %(seconds)s seconds.") % {"seconds": seconds}
        )
        response["Retry-After"] = str(seconds)
        return response

    @api.exception_handler(HttpError)
    def http_error(request, exc):
        if str(exc).startswith("Cannot parse request body"):  # django-ninja's, in English
            return answer(request, 400, _("The request is not valid: its body is not JSON."))
        return answer(request, exc.status_code, exc)

    @api.exception_handler(Exception)
    def server_error(request, exc):
        logger.error("API error on %s", request.path, exc_info=exc)
        return answer(
            request, 500, _("Something went wrong on our side; it is logged. Please try again later.")
        )


def json_method_not_allowed(view, api):
    """`view` whose 405 (a method the URL does not take, answered by django-ninja in plain text) is JSON,
    with the same Allow header."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        response = view(request, *args, **kwargs)
        if isinstance(response, HttpResponseNotAllowed):
            allowed = response["Allow"]
            response = api.create_response(
                request,
                {"detail": _("This URL does not take %(method)s.") % {"method": request.method}},
                status=405,
            )
            response["Allow"] = allowed
        return response

    return wrapped
