"""The API's one write: a coach reports the result of their own fixture with a personal API token.

It goes through the fixture page's own form and service (ResultForm.submit, league.services.results.
submit_result), so the same checks and the same approval flow follow: the result waits for the opponent
to confirm it. Who may: a coach of one of the two teams (a commissioner who is not one decides results on
the fixture page, as there); a private league's fixture is a 404 to whoever may not see the league.
"""

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _
from ninja import Router

from web.league.api import schemas
from web.league.api.auth import WRITE_AUTH
from web.league.api.errors import InvalidForm
from web.league.api.pages import result_json
from web.league.forms import ResultForm
from web.league.views.common import get_fixture

router = Router(auth=WRITE_AUTH, tags=["Results"])

FAILURES = {
    400: schemas.InvalidResult,
    401: schemas.Error,
    403: schemas.Error,
    404: schemas.Error,
    422: schemas.InvalidRequest,
    429: schemas.Error,
}


@router.post(
    "fixtures/{int:pk}/result/",
    url_name="api_result_submit",
    operation_id="result_submit",
    response={200: schemas.SubmittedResult, **FAILURES},
)
def result_submit(request, pk: int, payload: schemas.ResultIn):
    """Submit the result of your fixture (needs a token). It replaces a result still submitted or
    disputed, and counts once the opponent confirms it (on the fixture page)."""
    fixture = get_fixture(request, pk)
    if fixture.side_of(request.user) is None:
        raise PermissionDenied(_("Only a coach of one of the two teams may submit the result."))
    form = ResultForm(payload.dict(), fixture=fixture)
    if not form.is_valid():
        raise InvalidForm(form)
    result = form.submit(user=request.user)  # a ValidationError here is a 400 too (web.league.api.errors)
    return {"fixture": fixture.pk, **result_json(result)}
