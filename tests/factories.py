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
