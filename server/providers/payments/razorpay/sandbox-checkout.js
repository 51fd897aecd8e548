// Sandbox stand-in for https://checkout.razorpay.com/v1/checkout.js, served from our own origin so it
// runs under the site's CSP (script-src 'self'). Same API as the real script:
//   var rzp = new Razorpay({ key, amount, currency, name, description, order_id, prefill, notes, handler, modal: { ondismiss } });
//   rzp.on("payment.failed", function (response) { response.error.metadata.payment_id ... });
//   rzp.open(); rzp.close();
// The overlay is a <dialog> built with DOM calls: no markup strings, no inline handlers.
(function () {
  "use strict";
  var current = document.currentScript;
  var base = current && current.src ? current.src.replace(/\/checkout\.js(?:[?#].*)?$/, "") : "/sandbox/razorpay";
  var styled = false;

  function addStyle() {
    if (styled) return;
    styled = true;
    var style = document.createElement("style");
    style.textContent =
      ".sot-rzp{border:0;border-radius:10px;padding:0;width:min(26rem,calc(100vw - 1rem));max-height:calc(100dvh - 1rem);overflow:auto;font-family:system-ui,sans-serif;color:#1a1a1a;line-height:1.5}" +
      ".sot-rzp::backdrop{background:rgba(0,0,0,.55)}.sot-rzp .sot-rzp-head{background:#072654;color:#fff;padding:1rem}" +
      ".sot-rzp .sot-rzp-head h2{margin:.25rem 0 0;font-size:1.25rem}.sot-rzp .sot-rzp-badge{display:inline-block;background:#ffd166;color:#1a1a1a;border-radius:4px;padding:0 .4rem;font-size:.8rem}" +
      ".sot-rzp .sot-rzp-body{padding:1rem}.sot-rzp fieldset{border:1px solid #d5dbe6;border-radius:6px;margin:0 0 .75rem;padding:.25rem .75rem}" +
      ".sot-rzp legend{font-weight:600;padding:0 .25rem}.sot-rzp label{display:flex;align-items:center;gap:.5rem;min-height:44px}" +
      ".sot-rzp select{font-size:1rem;padding:.4rem;min-height:44px;width:100%}.sot-rzp .sot-rzp-field{display:block;font-weight:600;margin:.25rem 0}" +
      ".sot-rzp button{font-size:1rem;min-height:44px;width:100%;border-radius:6px;margin:.25rem 0;cursor:pointer;border:1px solid #0b5394}" +
      ".sot-rzp .sot-rzp-pay{background:#0b5394;color:#fff}.sot-rzp .sot-rzp-cancel{background:#fff;color:#0b5394}" +
      ".sot-rzp .sot-rzp-alert{color:#8a1212;background:#fde8e8;border-radius:6px;padding:.5rem;margin:.5rem 0}.sot-rzp .sot-rzp-alert:empty{display:none}";
    document.head.appendChild(style);
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) node.setAttribute(k, attrs[k]);
    if (text != null) node.textContent = text;
    return node;
  }

  function rupees(paise) {
    var whole = String(Math.floor(paise / 100));
    var last3 = whole.slice(-3);
    var rest = whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ",");
    return "\u20B9" + (rest ? rest + "," + last3 : last3) + "." + String(paise % 100).padStart(2, "0");
  }

  var uid = 0;
  function radios(legend, name, choices) {
    var set = el("fieldset");
    set.appendChild(el("legend", null, legend));
    choices.forEach(function (choice, i) {
      var id = "sot-rzp-" + name + "-" + ++uid;
      var label = el("label", { for: id });
      var input = el("input", { type: "radio", name: name, id: id, value: choice[0] });
      if (i === 0) input.checked = true;
      label.appendChild(input);
      label.appendChild(document.createTextNode(choice[1]));
      set.appendChild(label);
    });
    return set;
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error("Razorpay: the key option is required");
    this.options = options;
    this.listeners = {};
    this.dialog = null;
    this.settled = false;
  }

  Razorpay.prototype.on = function (event, fn) {
    (this.listeners[event] = this.listeners[event] || []).push(fn);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (fn) {
      fn(payload);
    });
  };

  Razorpay.prototype.close = function () {
    if (this.dialog) {
      this.settled = true;
      if (this.dialog.open) this.dialog.close();
      this.dialog.remove();
      this.dialog = null;
    }
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = self.options;
    if (self.dialog) return;
    addStyle();
    self.settled = false;
    var titleId = "sot-rzp-title-" + ++uid;
    var dialog = el("dialog", { class: "sot-rzp", "aria-labelledby": titleId });
    var head = el("div", { class: "sot-rzp-head" });
    head.appendChild(el("span", { class: "sot-rzp-badge" }, "Razorpay sandbox \u00B7 no money moves"));
    head.appendChild(el("h2", { id: titleId }, "Pay " + (o.name || "the merchant")));
    if (o.description) head.appendChild(el("p", null, o.description));
    var amount = el("p", { "aria-live": "polite" }, "Loading the order\u2026");
    head.appendChild(amount);
    dialog.appendChild(head);

    var body = el("div", { class: "sot-rzp-body" });
    if (o.prefill && (o.prefill.name || o.prefill.contact))
      body.appendChild(el("p", null, "Paying as " + [o.prefill.name, o.prefill.contact].filter(Boolean).join(", ")));
    body.appendChild(
      radios("Payment method", "method", [
        ["upi", "UPI"],
        ["card", "Card"],
        ["netbanking", "Net banking"],
      ]),
    );
    body.appendChild(
      radios("Result to simulate", "outcome", [
        ["success", "Payment succeeds"],
        ["failure", "Payment fails"],
      ]),
    );
    var hooksId = "sot-rzp-hooks-" + ++uid;
    body.appendChild(el("label", { for: hooksId, class: "sot-rzp-field" }, "Webhook delivery (sandbox)"));
    var hooks = el("select", { id: hooksId });
    [
      ["normal", "Once, in order"],
      ["duplicate", "Each event twice"],
      ["reversed", "Out of order"],
      ["none", "Not sent"],
    ].forEach(function (c) {
      hooks.appendChild(el("option", { value: c[0] }, c[1]));
    });
    body.appendChild(hooks);
    var alert = el("p", { class: "sot-rzp-alert", role: "alert" });
    body.appendChild(alert);
    var payButton = el("button", { type: "button", class: "sot-rzp-pay", disabled: "" }, "Pay");
    var cancelButton = el("button", { type: "button", class: "sot-rzp-cancel" }, "Cancel payment");
    body.appendChild(payButton);
    body.appendChild(cancelButton);
    dialog.appendChild(body);
    document.body.appendChild(dialog);
    self.dialog = dialog;

    function dismiss() {
      if (self.settled) return;
      self.close();
      if (o.modal && typeof o.modal.ondismiss === "function") o.modal.ondismiss();
    }
    dialog.addEventListener("cancel", function (event) {
      event.preventDefault();
      dismiss();
    });
    cancelButton.addEventListener("click", dismiss);

    function choice(name) {
      var checked = dialog.querySelector('input[name="' + name + '"]:checked');
      return checked ? checked.value : "";
    }

    payButton.addEventListener("click", function () {
      payButton.disabled = true;
      alert.textContent = "";
      fetch(base + "/checkout/payments", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ key_id: o.key, order_id: o.order_id, method: choice("method"), outcome: choice("outcome"), webhooks: hooks.value }),
      })
        .then(function (r) {
          return r.json();
        })
        .then(function (reply) {
          if (reply && reply.razorpay_payment_id) {
            self.close();
            if (typeof o.handler === "function") o.handler(reply);
            return;
          }
          var error = (reply && reply.error) || { code: "BAD_REQUEST_ERROR", description: "Payment failed", metadata: {} };
          alert.textContent = error.description + " You can try again or cancel.";
          payButton.disabled = false;
          self.emit("payment.failed", { error: error });
        })
        .catch(function () {
          alert.textContent = "The sandbox could not be reached. Please try again.";
          payButton.disabled = false;
        });
    });

    dialog.showModal();
    fetch(base + "/checkout/orders/" + encodeURIComponent(o.order_id || "") + "?key_id=" + encodeURIComponent(o.key))
      .then(function (r) {
        return r.json();
      })
      .then(function (order) {
        if (!order || !order.id) {
          amount.textContent = "";
          alert.textContent = (order && order.error && order.error.description) || "This order cannot be paid.";
          return;
        }
        amount.textContent = "Amount: " + rupees(order.amount) + " \u00B7 Order " + order.id;
        payButton.textContent = "Pay " + rupees(order.amount);
        if (order.status === "paid") alert.textContent = "This order is already paid.";
        else payButton.disabled = false;
      })
      .catch(function () {
        amount.textContent = "";
        alert.textContent = "The sandbox could not be reached.";
      });
  };

  window.Razorpay = Razorpay;
})();
