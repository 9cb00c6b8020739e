// Small enhancements; every page works without them.
document.addEventListener("change", (event) => {
  const field = event.target.closest("[data-autosubmit]");
  if (field && field.form) {
    field.form.requestSubmit();
  }
});

// Inducements: the running total of what is chosen against each team's budget (data-budget on the
// team's part of the form, data-price on each field or option; the server checks again).
function chosenPrice(field) {
  const price = Number(field.dataset.price || 0);
  if (field.type === "checkbox") {
    return field.checked ? price : 0;
  }
  if (field.tagName === "SELECT") {
    const option = field.selectedOptions[0];
    if (option && option.dataset.price) {
      return Number(option.dataset.price);
    }
    return field.value ? price : 0;
  }
  const count = Math.max(0, Number(field.value) || 0);
  // data-first-price: the first one costs more (the Jolly Jouster Cup's Honourable Referees).
  const first = field.dataset.firstPrice ? Number(field.dataset.firstPrice) - price : 0;
  return count * price + (count ? first : 0);
}

function showInducementsTotal(form) {
  const total = Array.from(form.querySelectorAll("input, select"))
    .map(chosenPrice)
    .reduce((sum, price) => sum + price, 0);
  const line = form.querySelector("[data-total]");
  const over = total > Number(form.dataset.budget);
  line.querySelector("output").textContent = new Intl.NumberFormat(document.documentElement.lang).format(total);
  line.querySelector("[data-over]").hidden = !over;
  line.classList.toggle("over", over);
  line.hidden = false;
}

// "input" fires for typed numbers, ticked boxes and chosen options alike.
document.addEventListener("input", (event) => {
  const form = event.target.closest("[data-budget]");
  if (form) {
    showInducementsTotal(form);
  }
});
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-budget]").forEach(showInducementsTotal);
});

// A table that scrolls sideways inside the page (on a phone) takes the keyboard's focus, so that it can be
// scrolled without a pointer; it leaves the tab order again once it fits (a turned phone).
function focusScrollingTables() {
  document.querySelectorAll("main table, main .table-scroll").forEach((box) => {
    const scrolls = box.scrollWidth > box.clientWidth && getComputedStyle(box).overflowX !== "visible";
    if (scrolls && !box.hasAttribute("tabindex")) {
      box.tabIndex = 0;
      box.dataset.scrollFocus = "";
    } else if (!scrolls && "scrollFocus" in box.dataset) {
      box.removeAttribute("tabindex");
      delete box.dataset.scrollFocus;
    }
  });
}
document.addEventListener("DOMContentLoaded", focusScrollingTables);
window.addEventListener("resize", focusScrollingTables);
document.addEventListener("htmx:afterSettle", focusScrollingTables);
