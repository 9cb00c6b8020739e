"""Reference sheets: the catalogue, a sheet as a page, PDF jobs and packs, a league's pack and a team's
sheet. Open to everyone, except what belongs to a private league: a 404 to those who may not see it."""

from functools import partial

from django.conf import settings
from django.contrib import messages
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language_info, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from dugout.tasks import BrokerUnavailable
from league.models import League
from matches.models import Match
from rosters.models import Team
from rulebook.edition import available_editions
from sheets import limits, services
from sheets.catalogue import get_catalogue
from sheets.models import Paper, SheetJob, SheetPack
from sheets.options import league_options, league_section
from sheets.render import match_document, paper_stylesheet, sheet_document, team_document
from sheets.storage import download_response
from web.sheets.forms import (
    LeaguePackForm,
    MatchSheetForm,
    SheetChoiceForm,
    SheetPackForm,
    TeamSheetForm,
    default_language,
)

# How often the job and pack pages look again while work is under way, in seconds.
POLL_SECONDS = 1
REFRESH_SECONDS = 2

_UNAVAILABLE = gettext_lazy(
    "The service that makes PDFs does not answer. Nothing was queued: please try again in a few minutes."
)


def _get_sheet(game_id, sheet_id):
    try:
        return get_catalogue().sheet(game_id, sheet_id)
    except KeyError:
        raise Http404(_("No such sheet.")) from None


def _get_league(request, slug):
    """The league if the user may see it (see League.is_visible_to), else 404."""
    league = get_object_or_404(League, slug=slug)
    if not league.is_visible_to(request.user):
        raise Http404
    return league


def _check_league(request, league_id):
    """404 unless the user may see the league a job or pack belongs to (if any)."""
    if league_id is not None and not League.objects.visible_to(request.user).filter(pk=league_id).exists():
        raise Http404


def _get_job(request, pk):
    job = get_object_or_404(SheetJob.objects.select_related("team"), pk=pk)
    _check_league(request, job.league_id)
    return job


def _get_pack(request, pk):
    pack = get_object_or_404(SheetPack, pk=pk)
    _check_league(request, pack.league_id)
    return pack


def _sheet_url(sheet, *, language, paper):
    url = reverse("sheets:sheet", args=[sheet.game.id, sheet.id])
    return f"{url}?{urlencode({'lang': language, 'paper': paper})}"


def _refused(request, *, too_many, back_url):
    """The page that says why nothing was made: too many requests (429), or no broker (503)."""
    if too_many:
        heading = _("Please wait a little")
        message = _(
            "You have asked for many new PDFs in a short time. Please wait a while before asking for "
            "more; the PDFs made already are still there at once."
        )
    else:
        heading = _("PDFs cannot be made right now")
        message = _UNAVAILABLE
    context = {"heading": heading, "message": message, "back_url": back_url}
    response = render(request, "sheets/refused.html", context, status=429 if too_many else 503)
    response["Retry-After"] = "600" if too_many else "60"
    return response


def _start_pdf(request, form, *, back_url):
    try:
        job, created = form.save(may_render=partial(limits.may_render, request))
    except services.TooManyRequests:
        return _refused(request, too_many=True, back_url=back_url)
    except BrokerUnavailable:
        return _refused(request, too_many=False, back_url=back_url)
    if not created and job.is_ready:
        messages.info(request, _("This PDF was made already: it is ready to download."))
    return redirect("sheets:job", job.pk)


def _reader_edition(request):
    """The rulebook edition whose sheets the reader most likely wants: ?edition= (one of the rulebook's),
    else that of their newest team, else that of the newest Blood Bowl league they joined or run; None
    for a visitor who says nothing (no query), two queries at most for a signed-in user."""
    asked = request.GET.get("edition")
    if asked in available_editions():
        return asked
    user = request.user
    if not user.is_authenticated:
        return None
    teams = Team.objects.for_coach(user).order_by("-pk").values_list("edition", flat=True)
    leagues = League.objects.filter(Q(members=user) | Q(commissioners=user)).exclude(edition="")
    return teams.first() or leagues.order_by("-pk").values_list("edition", flat=True).first()


@require_GET
def index(request):
    """The catalogue, and a form to open a sheet in a language for a paper size: the sheets of the
    reader's edition first, the first of them chosen (see _reader_edition)."""
    form = SheetChoiceForm(request.GET if "sheet" in request.GET else None, edition=_reader_edition(request))
    if form.is_valid():
        data = form.cleaned_data
        return redirect(_sheet_url(data["sheet"], language=data["language"], paper=data["paper"]))
    language = default_language()
    games = [
        {
            "game": game,
            "title": game.title_in(language),
            "sheets": [
                {
                    "sheet": sheet,
                    "title": sheet.title_in(language),
                    "languages": [
                        (
                            code,
                            get_language_info(code)["name_local"],
                            _sheet_url(sheet, language=code, paper=Paper.A4),
                        )
                        for code in sheet.languages
                    ],
                }
                for sheet in game.sheets.values()
            ],
        }
        for game in get_catalogue()
    ]
    return render(request, "sheets/index.html", {"form": form, "games": games})


@require_GET
def sheet_page(request, game, sheet):
    """A sheet as a web page in ?lang= (default: the active language) for ?paper= when printed."""
    sheet = _get_sheet(game, sheet)
    language = request.GET.get("lang")
    if language is None:
        language = default_language()
        if language not in sheet.languages:
            language = (
                settings.LANGUAGE_CODE if settings.LANGUAGE_CODE in sheet.languages else sheet.languages[0]
            )
    elif language not in sheet.languages:
        raise Http404(_("This sheet is not available in this language."))
    paper = request.GET.get("paper")
    if paper not in Paper.values:
        paper = Paper.A4
    form = SheetChoiceForm(initial={"language": language, "paper": paper}, sheet=sheet)
    context = {
        "sheet": sheet,
        "document": sheet_document(sheet, language=language),
        "language": language,
        "paper": paper,
        "paper_css": paper_stylesheet(paper),
        "form": form,
    }
    return render(request, "sheets/sheet.html", context)


@require_POST
def request_pdf(request, game, sheet):
    """Make (or find) this sheet's PDF, then follow its job page."""
    sheet = _get_sheet(game, sheet)
    form = SheetChoiceForm(request.POST, sheet=sheet)
    if form.is_valid():
        back_url = _sheet_url(sheet, language=form.cleaned_data["language"], paper=form.cleaned_data["paper"])
        return _start_pdf(request, form, back_url=back_url)
    _form_errors_shown(request, form)
    return redirect(reverse("sheets:sheet", args=[sheet.game.id, sheet.id]))


def _sheet_title(job):
    if job.is_team_sheet:
        return _("Team sheet: %(team)s") % {"team": job.team.name}
    if job.match_id:
        return _("Match sheet: %(match)s") % {"match": job.match}
    try:
        sheet = get_catalogue().sheet(job.game, job.sheet)
    except KeyError:
        return job.filename
    title = f"{sheet.game.title_in(job.language)}: {sheet.title_in(job.language)}"
    if job.options.get("name"):
        title = f"{title} ({job.options['name']})"
    return title


@require_GET
def job_detail(request, pk):
    """A PDF job: progress while it renders (htmx polls the #job-status fragment), then the download
    link, or the reason it failed with a retry button."""
    job = services.follow_job(job=_get_job(request, pk))
    context = {
        "job": job,
        "title": _sheet_title(job),
        "language_name": get_language_info(job.language)["name_local"],
        "poll_seconds": POLL_SECONDS,
        "refresh_seconds": REFRESH_SECONDS,
    }
    template = "sheets/job.html#job-status" if request.htmx else "sheets/job.html"
    return render(request, template, context)


@require_GET
def job_download(request, pk):
    job = _get_job(request, pk)
    if not job.is_ready or not job.file:
        raise Http404(_("This PDF is not ready."))
    return download_response(job.file, filename=job.filename, content_type="application/pdf")


@require_POST
def job_retry(request, pk):
    job = _get_job(request, pk)
    try:
        job = services.retry_sheet_job(job=job)
    except BrokerUnavailable:
        messages.error(request, _UNAVAILABLE)
    return redirect("sheets:job", job.pk)


def pack_new(request):
    """Choose several sheets and languages; one zip (and optionally one merged PDF) comes out. The
    sheets of the reader's edition come first."""
    form = SheetPackForm(request.POST or None, edition=_reader_edition(request))
    if request.method == "POST" and form.is_valid():
        return _start_pack(request, form, back_url=reverse("sheets:pack_new"))
    return render(request, "sheets/pack_new.html", {"form": form})


def _start_pack(request, form, *, back_url):
    if not limits.may_pack(request):
        return _refused(request, too_many=True, back_url=back_url)
    try:
        pack = form.save()
    except BrokerUnavailable:
        return _refused(request, too_many=False, back_url=back_url)
    return redirect("sheets:pack", pack.pk)


@require_GET
def pack_detail(request, pk):
    """A pack: progress per item (htmx polls #pack-status), then the downloads."""
    pack = _get_pack(request, pk)
    jobs = pack.ordered_jobs()
    if services.follow_pack(pack=pack, jobs=jobs):
        pack.refresh_from_db()
        jobs = pack.ordered_jobs()
    items = [
        {
            "job": job,
            "title": _sheet_title(job),
            "language_name": get_language_info(job.language)["name_local"],
        }
        for job in jobs
    ]
    ready = sum(job.is_ready for job in jobs)
    context = {
        "pack": pack,
        "items": items,
        "ready": ready,
        "total": len(jobs),
        "poll_seconds": POLL_SECONDS,
        "refresh_seconds": REFRESH_SECONDS,
    }
    template = "sheets/pack.html#pack-status" if request.htmx else "sheets/pack.html"
    return render(request, template, context)


@require_GET
def pack_download(request, pk, kind="zip"):
    pack = _get_pack(request, pk)
    if not pack.is_ready:
        raise Http404(_("This pack is not ready."))
    if kind == "merged":
        if not pack.merged_file:
            raise Http404(_("This pack has no merged PDF."))
        return download_response(
            pack.merged_file, filename=pack.merged_filename, content_type="application/pdf"
        )
    return download_response(pack.file, filename=pack.filename, content_type="application/zip")


@require_POST
def pack_retry(request, pk):
    pack = _get_pack(request, pk)
    try:
        services.retry_sheet_pack(pack=pack)
    except BrokerUnavailable:
        messages.error(request, _UNAVAILABLE)
    return redirect("sheets:pack", pack.pk)


def league_pack(request, slug):
    """Every sheet of the league's game as the league prints them (only its optional rules, and its
    points, tie-breakers and petty cash procedure), in the chosen languages: one zip, one merged PDF."""
    league = _get_league(request, slug)
    form = LeaguePackForm(request.POST or None, league=league)
    if request.method == "POST" and form.is_valid():
        return _start_pack(request, form, back_url=reverse("sheets:league_pack", args=[league.slug]))
    language = default_language()
    sheets = services.league_sheets(league)
    edition = sheets[0].game.edition if sheets and sheets[0].game.edition_id else None
    context = {
        "league": league,
        "form": form,
        "sheet_titles": [sheet.title_in(language) for sheet in sheets if language in sheet.languages],
        "league_rules": league_section(league_options(league), edition=edition, language=language),
    }
    return render(request, "sheets/league_pack.html", context)


@require_GET
def team_sheet(request, pk):
    """A team's sheet as a web page (printable) in ?lang= (default: the reader's) for ?paper=: its
    roster, its team panel, the inducements it may buy and the star players who may play for it."""
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    language, paper = _language_and_paper(request)
    context = {
        "team": team,
        "document": team_document(team, list(team.players.all()), language=language),
        **_page_options(language, paper),
        "form": TeamSheetForm(initial={"language": language, "paper": paper}, team=team),
    }
    return render(request, "sheets/team.html", context)


def _language_and_paper(request):
    """(?lang=, default: the reader's; ?paper=, default: A4) of a team's or a match's sheet page; 404 for a
    language that Dugout has no sheets in."""
    language = request.GET.get("lang") or default_language()
    if language not in dict(settings.LANGUAGES):
        raise Http404(_("This sheet is not available in this language."))
    paper = request.GET.get("paper")
    return language, paper if paper in Paper.values else Paper.A4


def _page_options(language, paper):
    return {"language": language, "paper": paper, "paper_css": paper_stylesheet(paper)}


def _form_errors_shown(request, form):
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)


@require_POST
def team_pdf(request, pk):
    """Make (or find) the PDF of the team's sheet, then follow its job page."""
    team = get_object_or_404(Team.objects.select_related("coach"), pk=pk)
    form = TeamSheetForm(request.POST, team=team)
    if form.is_valid():
        return _start_pdf(request, form, back_url=reverse("sheets:team", args=[team.pk]))
    _form_errors_shown(request, form)
    return redirect("sheets:team", team.pk)


def _match_for_sheet(pk):
    return get_object_or_404(Match.objects.select_related("home_team__coach", "away_team__coach"), pk=pk)


@require_GET
def match_sheet(request, pk):
    """A match's sheet as a web page (printable) in ?lang= (default: the reader's) for ?paper=: each team's
    players for the game (journeymen, players an inducement brings, mercenaries and stars included), what
    it bought, the drives with their events, and the result. Public, as the match report is."""
    match = _match_for_sheet(pk)
    language, paper = _language_and_paper(request)
    context = {
        "match": match,
        "document": match_document(match, language=language),
        **_page_options(language, paper),
        "form": MatchSheetForm(initial={"language": language, "paper": paper}, match=match),
    }
    return render(request, "sheets/match.html", context)


@require_POST
def match_pdf(request, pk):
    """Make (or find) the PDF of the match's sheet, then follow its job page."""
    match = _match_for_sheet(pk)
    form = MatchSheetForm(request.POST, match=match)
    if form.is_valid():
        return _start_pdf(request, form, back_url=reverse("sheets:match", args=[match.pk]))
    _form_errors_shown(request, form)
    return redirect("sheets:match", match.pk)
