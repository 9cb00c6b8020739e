"""A league moving in and out of Dugout (league.archive, docs/league-archive.md): its commissioner
downloads the whole league as one file; a site administrator uploads such a file to create the league
here, its coaches' accounts with it."""

import json

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.admin.views.decorators import staff_member_required
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.claims import claim_path, unclaimed
from league import archive
from web.league.views.common import get_league_for_commissioner
from web.service_calls import ServiceForm

MAX_ARCHIVE_BYTES = 50_000_000


class LeagueImportForm(ServiceForm):
    file = forms.FileField(label=gettext_lazy("League file (JSON)"))

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_ARCHIVE_BYTES:
            raise ValidationError(
                _("The file is larger than %(size)d MB.") % {"size": MAX_ARCHIVE_BYTES // 1_000_000}
            )
        try:
            return json.loads(upload.read().decode("utf-8"))
        except (ValueError, RecursionError) as error:
            raise ValidationError(_("The file is not JSON: %(error)s") % {"error": error}) from error

    def save(self):
        return archive.import_league(self.cleaned_data["file"])


@login_required
def league_export(request, slug):
    """The whole league as one JSON file, for its commissioners."""
    league = get_league_for_commissioner(request, slug)
    document = archive.export_league(league)
    response = HttpResponse(
        json.dumps(document, indent=2, ensure_ascii=False), content_type="application/json; charset=utf-8"
    )
    response["Content-Disposition"] = f'attachment; filename="{league.slug}.json"'
    return response


@staff_member_required
def league_import(request):
    """Create a league from a file written by a league's export (here or on another Dugout site). The
    answer lists the accounts made for people new to this site, each with the link its owner claims it
    with (shown once, here: the links are not kept)."""
    form = LeagueImportForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.submit():
        league = form.result
        claims = [
            {"user": user, "link": request.build_absolute_uri(claim_path(user))}
            for user in unclaimed(archive.coaches_and_staff(league))
        ]
        if not claims:
            messages.success(request, _("The league %(name)s is imported.") % {"name": league.name})
            return redirect("league:detail", slug=league.slug)
        days = settings.PASSWORD_RESET_TIMEOUT // 86400
        return render(
            request, "league/league_imported.html", {"league": league, "claims": claims, "days": days}
        )
    return render(request, "league/league_import.html", {"form": form})
