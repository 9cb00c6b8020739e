import factory

from accounts.models import User

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"coach{n}")
    display_name = factory.LazyAttribute(lambda user: user.username.title())
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")

    @factory.post_generation
    def password(user, create, extracted, **kwargs):
        user.set_password(extracted or PASSWORD)
        if create:
            user.save()


class TeamFactory(factory.django.DjangoModelFactory):
    """A draft team with no players, of the 2020 rules unless `edition` says otherwise."""

    class Meta:
        model = "rosters.Team"

    edition = "bb2020"
    roster = "human"
    name = factory.Sequence(lambda n: f"Team {n}")
    coach = factory.SubFactory(UserFactory)
    treasury = 1_000_000


class BB2025TeamFactory(TeamFactory):
    """A draft team of the 2025 rules (Blood Bowl, Third Season)."""

    edition = "bb2025"


class PlayerFactory(factory.django.DjangoModelFactory):
    """A player with the profile of its team list's position (a Human Lineman by default)."""

    class Meta:
        model = "rosters.Player"

    team = factory.SubFactory(TeamFactory)
    number = factory.Sequence(lambda n: n % 99 + 1)
    name = factory.Sequence(lambda n: f"Player {n}")
    position = "lineman"
    ma = factory.LazyAttribute(lambda p: p.team.rules.position(p.position).profile.ma)
    st = factory.LazyAttribute(lambda p: p.team.rules.position(p.position).profile.st)
    ag = factory.LazyAttribute(lambda p: p.team.rules.position(p.position).profile.ag)
    pa = factory.LazyAttribute(lambda p: p.team.rules.position(p.position).profile.pa)
    av = factory.LazyAttribute(lambda p: p.team.rules.position(p.position).profile.av)
