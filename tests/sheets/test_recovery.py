"""Work that nobody runs is found by age, sent again once, then failed; a broker that is down leaves
nothing half-made; a job queued with no task behind it is sent again."""

from datetime import timedelta

import pytest
from django.core.files.base import ContentFile
from django.utils import timezone
from kombu.exceptions import OperationalError

from dugout.tasks import BrokerUnavailable
from sheets import recovery, services, tasks
from sheets.catalogue import get_catalogue
from sheets.models import QUEUED_LIMIT, RUNNING_LIMIT, UNSENT_AFTER, SheetJob, SheetPack, Status
from tests.sheets.conftest import blank_pdf

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("media")]

ROLLS = get_catalogue().sheet("rugby", "rolls")
LONG_AGO = timedelta(hours=1)


def make_job(status=Status.QUEUED, **fields):
    return SheetJob.objects.create(
        game="rugby", sheet="rolls", language="ko", paper="a4", content_hash="x" * 64, status=status, **fields
    )


def age(row, **fields):
    """Move the row's timestamps into the past (auto_now would undo a plain save)."""
    type(row).objects.filter(pk=row.pk).update(**fields)
    row.refresh_from_db()
    return row


@pytest.fixture
def broker_down(monkeypatch):
    """Every send is refused as kombu refuses it when Redis is stopped."""
    sent = []

    def refuse(self, *args, **kwargs):
        sent.append(kwargs.get("kwargs"))
        raise OperationalError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    monkeypatch.setattr("celery.app.task.Task.apply_async", refuse)
    return sent


def test_a_job_whose_worker_died_is_queued_again_once_then_failed(fake_renderer):
    now = timezone.now()
    job = age(
        make_job(Status.RUNNING), started_at=now - RUNNING_LIMIT * 2, sent_at=now - LONG_AGO, attempts=1
    )

    assert recovery.recover_lost_work(now=now) == ([job.pk], [])
    job.refresh_from_db()
    assert (job.status, job.sent_at, job.started_at, job.attempts) == (Status.QUEUED, None, None, 1)

    age(job, status=Status.RUNNING, started_at=now - RUNNING_LIMIT * 2, sent_at=now - LONG_AGO, attempts=2)
    assert recovery.recover_lost_work(now=now) == ([], [])
    job.refresh_from_db()
    assert job.status == Status.FAILED
    assert job.error == "WorkerLost: no worker finished it (sent 2 times)"
    assert job.finished_at == now


def test_a_running_job_within_the_limit_and_a_finished_one_are_left_alone():
    now = timezone.now()
    running = age(make_job(Status.RUNNING), started_at=now - RUNNING_LIMIT / 2, sent_at=now, attempts=1)
    ready = age(make_job(Status.READY), started_at=now - LONG_AGO, sent_at=now - LONG_AGO, attempts=1)
    assert recovery.recover_lost_work(now=now) == ([], [])
    assert SheetJob.objects.get(pk=running.pk).status == Status.RUNNING
    assert SheetJob.objects.get(pk=ready.pk).status == Status.READY


def test_a_job_sent_but_never_started_is_sent_again(
    fake_renderer, eager_celery, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    now = timezone.now()
    job = age(make_job(), sent_at=now - QUEUED_LIMIT * 2, attempts=1)
    with capture(execute=True):
        tasks.recover_lost_work.delay()
    job.refresh_from_db()
    assert job.status == Status.READY
    assert job.attempts == 2
    assert len(fake_renderer.calls) == 1


def test_a_job_that_was_never_sent_is_sent_by_the_periodic_task(
    fake_renderer, eager_celery, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    job = age(make_job(), updated_at=timezone.now() - UNSENT_AFTER * 2)
    with capture(execute=True):
        tasks.recover_lost_work.delay()
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.READY, 1)
    assert job.sent_at is not None


def test_a_request_for_a_job_queued_with_no_task_sends_it_again(
    fake_renderer, eager_celery, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("sheets.services.tasks.send_render", lambda job_id: None)
        job, created = services.request_sheet_pdf(sheet=ROLLS, language="ko", paper="a4")
    assert created
    age(job, updated_at=timezone.now() - UNSENT_AFTER * 2)

    with capture(execute=True):
        again, created = services.request_sheet_pdf(sheet=ROLLS, language="ko", paper="a4")
    assert (again.pk, created) == (job.pk, False)
    job.refresh_from_db()
    assert job.status == Status.READY
    assert fake_renderer.calls == [("rugby/rolls", "ko", "a4")]


def test_the_job_page_sends_again_a_job_whose_worker_died(
    client, fake_renderer, eager_celery, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    now = timezone.now()
    job = age(
        make_job(Status.RUNNING), started_at=now - RUNNING_LIMIT * 2, sent_at=now - LONG_AGO, attempts=1
    )
    with capture(execute=True):
        client.get(f"/sheets/jobs/{job.pk}/")
    assert "Your PDF is ready." in client.get(f"/sheets/jobs/{job.pk}/").content.decode()
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.READY, 2)


def test_a_job_lost_twice_shows_the_failure_and_a_retry_button(
    client, fake_renderer, eager_celery, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    now = timezone.now()
    job = age(
        make_job(Status.RUNNING), started_at=now - RUNNING_LIMIT * 2, sent_at=now - LONG_AGO, attempts=2
    )
    html = client.get(f"/sheets/jobs/{job.pk}/").content.decode()
    assert "The PDF could not be made." in html
    assert f'action="/sheets/jobs/{job.pk}/retry/"' in html

    with capture(execute=True):
        client.post(f"/sheets/jobs/{job.pk}/retry/")
    job.refresh_from_db()
    assert (job.status, job.attempts) == (Status.READY, 1)


def test_a_pack_whose_build_was_lost_is_built_again(
    fake_renderer, eager_celery, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    job = make_job(Status.READY)
    job.file.save(job.filename, ContentFile(blank_pdf()))
    pack = SheetPack.objects.create(paper="a4", status=Status.RUNNING, attempts=1)
    pack.items.create(job=job, position=0)
    age(pack, started_at=timezone.now() - RUNNING_LIMIT * 2, sent_at=timezone.now() - LONG_AGO)

    with capture(execute=True):
        tasks.recover_lost_work.delay()
    pack.refresh_from_db()
    assert (pack.status, pack.attempts) == (Status.READY, 2), pack.error
    assert pack.file


def test_a_queued_pack_whose_items_all_finished_is_built(
    fake_renderer, eager_celery, django_capture_on_commit_callbacks
):
    capture = django_capture_on_commit_callbacks
    job = make_job(Status.FAILED, error="boom")
    pack = SheetPack.objects.create(paper="a4")
    pack.items.create(job=job, position=0)
    age(pack, updated_at=timezone.now() - UNSENT_AFTER * 2)
    with capture(execute=True):
        tasks.recover_lost_work.delay()
    pack.refresh_from_db()
    assert pack.status == Status.FAILED
    assert pack.error == job.filename


# -------------------------------------------------------------------------------- the broker is down


@pytest.mark.django_db(transaction=True)
def test_a_request_while_the_broker_is_down_raises_and_leaves_no_job(broker_down):
    with pytest.raises(BrokerUnavailable):
        services.request_sheet_pdf(sheet=ROLLS, language="fr", paper="a4")
    assert broker_down  # it was tried
    assert not SheetJob.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_pack_while_the_broker_is_down_raises_and_leaves_no_pack_nor_job(broker_down):
    with pytest.raises(BrokerUnavailable):
        services.create_sheet_pack(items=[(ROLLS, "fr"), (ROLLS, "de")], paper="a4")
    assert not SheetPack.objects.exists()
    assert not SheetJob.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_asking_for_a_pdf_while_the_broker_is_down_says_so_in_the_reader_language(client, broker_down):
    response = client.post("/sheets/rugby/rolls/pdf/", {"language": "fr", "paper": "a4"})
    assert response.status_code == 503
    assert response["Retry-After"] == "60"
    html = response.content.decode()
    assert "The service that makes PDFs does not answer. Nothing was queued" in html
    assert 'href="/sheets/rugby/rolls/?lang=fr&amp;paper=a4"' in html
    assert not SheetJob.objects.exists()

    response = client.post(
        "/sheets/packs/new/", {"sheets": ["rugby/rolls"], "languages": ["de"], "paper": "a4"}
    )
    assert response.status_code == 503
    assert not SheetPack.objects.exists()
    assert not SheetJob.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_the_job_page_while_the_broker_is_down_keeps_the_job_and_polls(client, broker_down):
    job = age(make_job(), updated_at=timezone.now() - UNSENT_AFTER * 2)
    html = client.get(f"/sheets/jobs/{job.pk}/").content.decode()
    assert "Waiting for a free worker" in html
    assert 'hx-trigger="every 1s"' in html
    job.refresh_from_db()
    assert (job.status, job.sent_at) == (Status.QUEUED, None)
