"""Reference sheets: the catalogue, a sheet as a page, PDF jobs and packs. Open to everyone."""

from django.conf import settings
from django.contrib import messages
from django.http import FileResponse, Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import get_language_info
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from sheets import services
from sheets.catalogue import get_catalogue
from sheets.forms import SheetChoiceForm, SheetPackForm, default_language
from sheets.models import Paper, SheetJob, SheetPack
from sheets.render import paper_stylesheet, sheet_document

# How often the job and pack pages look again while work is under way, in seconds.
POLL_SECONDS = 1
REFRESH_SECONDS = 2


def _get_sheet(game_id, sheet_id):
    try:
        return get_catalogue().sheet(game_id, sheet_id)
    except KeyError:
        raise Http404(_("No such sheet.")) from None


def _sheet_url(sheet, *, language, paper):
    url = reverse("sheets:sheet", args=[sheet.game.id, sheet.id])
    return f"{url}?{urlencode({'lang': language, 'paper': paper})}"


def _start_pdf(request, form):
    job, created = form.save()
    if not created and job.is_ready:
        messages.info(request, _("This PDF was made already: it is ready to download."))
    return redirect("sheets:job", job.pk)


@require_GET
def index(request):
    """The catalogue, and a form to open a sheet in a language for a paper size."""
    form = SheetChoiceForm(request.GET if "sheet" in request.GET else None)
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
        return _start_pdf(request, form)
    for errors in form.errors.values():
        for error in errors:
            messages.error(request, error)
    return redirect(reverse("sheets:sheet", args=[sheet.game.id, sheet.id]))


def _sheet_title(job):
    try:
        sheet = get_catalogue().sheet(job.game, job.sheet)
    except KeyError:
        return job.filename
    return f"{sheet.game.title_in(job.language)}: {sheet.title_in(job.language)}"


@require_GET
def job_detail(request, pk):
    """A PDF job: progress while it renders (htmx polls the #job-status fragment), then the download
    link, or the reason it failed with a retry button."""
    job = get_object_or_404(SheetJob, pk=pk)
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
    job = get_object_or_404(SheetJob, pk=pk)
    if not job.is_ready or not job.file:
        raise Http404(_("This PDF is not ready."))
    return FileResponse(
        job.file.open("rb"), as_attachment=True, filename=job.filename, content_type="application/pdf"
    )


@require_POST
def job_retry(request, pk):
    job = get_object_or_404(SheetJob, pk=pk)
    job = services.retry_sheet_job(job=job)
    return redirect("sheets:job", job.pk)


def pack_new(request):
    """Choose several sheets and languages; one zip (and optionally one merged PDF) comes out."""
    form = SheetPackForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        pack = form.save()
        return redirect("sheets:pack", pack.pk)
    return render(request, "sheets/pack_new.html", {"form": form})


@require_GET
def pack_detail(request, pk):
    """A pack: progress per item (htmx polls #pack-status), then the downloads."""
    pack = get_object_or_404(SheetPack, pk=pk)
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
    pack = get_object_or_404(SheetPack, pk=pk)
    if not pack.is_ready:
        raise Http404(_("This pack is not ready."))
    if kind == "merged":
        if not pack.merged_file:
            raise Http404(_("This pack has no merged PDF."))
        return FileResponse(
            pack.merged_file.open("rb"),
            as_attachment=True,
            filename=pack.merged_filename,
            content_type="application/pdf",
        )
    return FileResponse(
        pack.file.open("rb"), as_attachment=True, filename=pack.filename, content_type="application/zip"
    )


@require_POST
def pack_retry(request, pk):
    pack = get_object_or_404(SheetPack, pk=pk)
    services.retry_sheet_pack(pack=pack)
    return redirect("sheets:pack", pack.pk)
