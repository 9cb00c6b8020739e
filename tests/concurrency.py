"""Two requests at the same moment, in the concurrency tests (PostgreSQL: each thread its own connection)."""

import threading

from django.db import connection


def at_once(*calls):
    """Each of `calls` in its own thread (its own database connection), all released together, as
    requests arriving at the same moment; returns what each returned, or the exception it raised."""
    barrier = threading.Barrier(len(calls))
    outcomes = [None] * len(calls)

    def run(index, call):
        try:
            barrier.wait(timeout=10)
            outcomes[index] = call()
        except Exception as error:  # noqa: BLE001 (the test asserts on it)
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=item) for item in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a request is still waiting (deadlock?)"
    return outcomes
