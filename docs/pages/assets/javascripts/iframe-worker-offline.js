/*
 * Search for the offline copy of the site, opened from disk.
 *
 * The theme runs its search in a Web Worker, and a browser refuses to start a
 * worker from a file:// page. Opened from disk (and only then), this script
 * replaces Worker with a stand-in that runs the same worker script in a hidden
 * frame of the page: the frame's global scope is the worker's, its postMessage
 * reaches the page, and the page's postMessage reaches its "message" listeners.
 * No network is needed: the search index comes from search/search_index.js.
 */
(function () {
  "use strict";
  if (window.location.protocol !== "file:" || window.FrameWorker) {
    return;
  }

  function FrameWorker(url) {
    var self = this;
    var listeners = [];
    var waiting = [];
    var ready = false;
    var frame = document.createElement("iframe");
    frame.hidden = true;
    frame.setAttribute("aria-hidden", "true");
    frame.setAttribute("tabindex", "-1");
    frame.title = "search";
    (document.body || document.documentElement).appendChild(frame);
    var scope = frame.contentWindow;

    this.onmessage = null;
    this.onerror = null;

    // What the worker script posts arrives here, after the current task (as a worker's would).
    function deliver(data) {
      window.setTimeout(function () {
        var event = new MessageEvent("message", { data: data });
        if (typeof self.onmessage === "function") {
          self.onmessage(event);
        }
        listeners.slice().forEach(function (listener) {
          listener.call(self, event);
        });
      }, 0);
    }

    function send(data) {
      scope.dispatchEvent(new scope.MessageEvent("message", { data: data }));
    }

    scope.postMessage = function (data) {
      deliver(data);
    };
    scope.importScripts = function () {
      throw new Error("importScripts is not available to the offline search");
    };

    var script = scope.document.createElement("script");
    script.src = new URL(url, window.location.href).href;
    script.onload = function () {
      ready = true;
      waiting.splice(0).forEach(send);
    };
    script.onerror = function () {
      var event = new ErrorEvent("error", { message: "cannot load " + script.src });
      if (typeof self.onerror === "function") {
        self.onerror(event);
      }
    };
    scope.document.head.appendChild(script);

    this.postMessage = function (data) {
      if (ready) {
        send(data);
      } else {
        waiting.push(data);
      }
    };
    this.addEventListener = function (type, listener) {
      if (type === "message" && listeners.indexOf(listener) < 0) {
        listeners.push(listener);
      }
    };
    this.removeEventListener = function (type, listener) {
      var index = listeners.indexOf(listener);
      if (type === "message" && index >= 0) {
        listeners.splice(index, 1);
      }
    };
    this.terminate = function () {
      frame.remove();
    };
  }

  window.FrameWorker = FrameWorker;
  window.Worker = FrameWorker;
})();
