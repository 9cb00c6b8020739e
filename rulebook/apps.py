from django.apps import AppConfig


class RulebookConfig(AppConfig):
    name = "rulebook"

    def ready(self):
        from rulebook import checks  # noqa: F401 (registers the system check that loads every edition)
