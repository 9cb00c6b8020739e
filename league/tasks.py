"""Celery tasks of the league app: thin, named, primitive keyword arguments."""

from celery import shared_task

from league.services import notifications


@shared_task(name="league.notify_result")
def notify_result(*, result_id, event):
    """Tell the people concerned about a result's `event` (see services.notifications)."""
    result = notifications.load_result(result_id)
    if result is None:
        return "gone"
    notifications.notify_result(result=result, event=event)
    return "sent"
