from django.apps import AppConfig
from django.db.models.signals import post_migrate

from dugout.freshness import new_epoch, verify


def _new_epoch_after_migrate(sender, **kwargs):
    """A migration may have changed what rows mean (and `flush` reuses ids): nothing kept survives it."""
    new_epoch()


class DugoutConfig(AppConfig):
    name = "dugout"
    verbose_name = "Dugout"

    def ready(self):
        post_migrate.connect(_new_epoch_after_migrate, dispatch_uid="dugout.new_epoch")
        if verify.enabled():
            verify.record_every_write()
