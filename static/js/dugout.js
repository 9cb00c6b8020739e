// Small enhancements; every page works without them.
document.addEventListener("change", (event) => {
  const field = event.target.closest("[data-autosubmit]");
  if (field && field.form) {
    field.form.requestSubmit();
  }
});
