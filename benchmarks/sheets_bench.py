"""Reference sheet PDFs: render times against WeasyPrint's floor, the cache, and the full pack.

Prints
1. the median time of a one-line WeasyPrint document (the floor), then for each sheet of the catalogue
   (the BB2020 and BB2025 Blood Bowl sheets against the same floor) the median time to render it in
   English on A4, and its ratio to the floor, whole and per page;
2. the median time of a cached request (POST /sheets/<game>/<sheet>/pdf/ for a PDF that is ready:
   a lookup and a redirect, no render);
3. the time to build the full pack (every sheet in every one of its languages, zip and merged PDF)
   with one and with two real Celery worker processes (`celery worker --pool=solo` each) on the
   filesystem transport, with SQLite: the embedded default of `make run`.

Everything lives in a throw-away folder, var/bench-sheets/ (database, queue, PDFs). It asserts nothing
about time. Run: DEBUG=1 .venv/bin/python benchmarks/sheets_bench.py [--runs N] [--languages en,ko]
"""

import argparse
import io
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BENCH_DIR = ROOT / "var" / "bench-sheets"
os.environ["DUGOUT_VAR_DIR"] = str(BENCH_DIR)
os.environ["DEBUG"] = "1"
os.environ["DJANGO_SETTINGS_MODULE"] = "dugout.settings"
os.environ["CELERY_BROKER_URL"] = "filesystem://localhost//"
os.environ["LOG_LEVEL"] = "WARNING"
for variable in ("DATABASE_URL", "CELERY_RESULT_BACKEND", "MEDIA_ROOT"):
    os.environ.pop(variable, None)

PACK_TIMEOUT = 1800


def _setup():
    shutil.rmtree(BENCH_DIR, ignore_errors=True)
    BENCH_DIR.mkdir(parents=True)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _median_time(function, runs):
    times = []
    for _run in range(runs):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_renders(runs):
    from pypdf import PdfReader
    from weasyprint import HTML

    from sheets.catalogue import get_catalogue
    from sheets.render import render_sheet_pdf, weasyprint_resources

    # The floor uses the renderer's URL fetcher too: building one costs about 50 ms (TLS certificates).
    fetcher, stylesheets = weasyprint_resources()
    HTML(string="<p>warm up</p>", url_fetcher=fetcher).write_pdf()
    floor = _median_time(lambda: HTML(string="<p>Dugout</p>", url_fetcher=fetcher).write_pdf(), runs * 3)
    print(f"WeasyPrint floor (one-line document): {floor * 1000:.0f} ms")
    styled = _median_time(
        lambda: HTML(string="<p>Dugout</p>", url_fetcher=fetcher).write_pdf(
            stylesheets=list(stylesheets.values())
        ),
        runs * 3,
    )
    print(f"The same line with the sheet stylesheets (page margin boxes, fonts): {styled * 1000:.0f} ms")
    print(f"{'sheet':<32} {'pages':>5} {'median':>9} {'x floor':>8} {'per page':>9} {'x floor':>8}")
    for sheet in get_catalogue().sheets():
        language = "en" if "en" in sheet.languages else sheet.languages[0]
        pdf = render_sheet_pdf(sheet, language=language, paper="a4")  # warms the caches of this sheet
        pages = len(PdfReader(io.BytesIO(pdf)).pages)
        seconds = _median_time(
            lambda sheet=sheet, language=language: render_sheet_pdf(sheet, language=language, paper="a4"),
            runs,
        )
        label = f"{sheet.slug} ({language})"
        per_page = seconds / pages
        print(
            f"{label:<32} {pages:>5} {seconds * 1000:>7.0f} ms {seconds / floor:>7.1f}x"
            f" {per_page * 1000:>6.0f} ms {per_page / floor:>7.1f}x"
        )


def bench_cached_request(runs):
    from django.test import Client
    from django.test.utils import setup_test_environment

    from dugout.celery import app
    from sheets.catalogue import get_catalogue
    from sheets.models import SheetJob

    setup_test_environment()
    app.conf.task_always_eager = True
    sheet = get_catalogue().sheet("rugby", "rolls")
    client = Client()
    url = f"/sheets/{sheet.game.id}/{sheet.id}/pdf/"
    client.post(url, {"language": "en", "paper": "a4"})  # renders once
    assert SheetJob.objects.get().status == "ready"
    seconds = _median_time(lambda: client.post(url, {"language": "en", "paper": "a4"}), runs * 10)
    jobs = SheetJob.objects.count()
    print(f"Cached request (ready PDF found, redirect, no render): {seconds * 1000:.1f} ms; jobs: {jobs}")
    app.conf.task_always_eager = False
    SheetJob.objects.all().delete()


class Workers:
    """`count` real `celery worker --pool=solo` processes on this benchmark's filesystem queue."""

    def __init__(self, count):
        self.count = count
        self.processes = []

    def __enter__(self):
        from dugout.celery import app

        app.control.purge()
        self.log = (BENCH_DIR / "workers.log").open("a")
        for number in range(self.count):
            self.processes.append(
                subprocess.Popen(
                    [
                        sys.executable,
                        "-m",
                        "celery",
                        "-A",
                        "dugout",
                        "worker",
                        "--pool=solo",
                        "-l",
                        "WARNING",
                        "-n",
                        f"bench{number}@%h",
                    ],
                    cwd=ROOT,
                    env=os.environ.copy(),
                    stdout=self.log,
                    stderr=subprocess.STDOUT,
                )
            )
        deadline = time.monotonic() + 60
        while len(app.control.ping(timeout=0.5)) < self.count:
            if time.monotonic() > deadline:
                raise RuntimeError("the Celery workers did not answer within 60 s")
        return self

    def __exit__(self, *exc_info):
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
        self.log.close()


def bench_pack(workers, languages):
    from sheets import services
    from sheets.catalogue import get_catalogue
    from sheets.models import SheetJob, SheetPack

    SheetJob.objects.all().delete()  # no cache: every PDF is rendered
    items = [
        (sheet, language)
        for sheet in get_catalogue().sheets()
        for language in sheet.languages
        if not languages or language in languages
    ]
    with Workers(workers):
        start = time.perf_counter()
        pack = services.create_sheet_pack(items=items, paper="a4", merged=True)
        while True:
            pack.refresh_from_db()
            if pack.is_finished or time.perf_counter() - start > PACK_TIMEOUT:
                break
            time.sleep(0.2)
        seconds = time.perf_counter() - start
    size = pack.file.size if pack.file else 0
    renders = [
        (job.finished_at - job.started_at).total_seconds()
        for job in SheetJob.objects.filter(finished_at__isnull=False)
    ]
    print(
        f"Full pack with {workers} worker{'s' if workers > 1 else ''}: {len(items)} PDFs, {pack.status}, "
        f"{seconds:.1f} s ({seconds / len(items) * 1000:.0f} ms a PDF), zip {size / 1e6:.1f} MB; "
        f"render time in the workers: {sum(renders):.1f} s in all, "
        f"median {statistics.median(renders) * 1000:.0f} ms"
    )
    if pack.error:
        print(f"  error: {pack.error}")
    SheetPack.objects.all().delete()
    return seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="renders per sheet for the median")
    parser.add_argument("--languages", default="", help="restrict the pack to these languages (en,ko)")
    parser.add_argument("--skip-renders", action="store_true")
    parser.add_argument("--skip-pack", action="store_true")
    options = parser.parse_args()
    _setup()
    print(
        f"Machine: {os.cpu_count()} cores; load average {os.getloadavg()[0]:.1f} (other work skews the times)"
    )
    if not options.skip_renders:
        bench_renders(options.runs)
        bench_cached_request(options.runs)
    if not options.skip_pack:
        languages = [code for code in options.languages.split(",") if code]
        one = bench_pack(1, languages)
        two = bench_pack(2, languages)
        print(f"Two workers / one worker: {two / one:.2f}")


if __name__ == "__main__":
    main()
