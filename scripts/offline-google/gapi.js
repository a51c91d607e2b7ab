/*
 * An offline fake of the one part of Google's `gapi` loader (https://apis.google.com/js/api.js)
 * that Firebase Auth's popup sign-in uses against the Auth emulator: `gapi.iframes`, a message
 * channel between the page and the emulator's hidden iframe. The real script comes from Google's
 * servers, which this project never needs: the emulator proxy (scripts/auth-emulator-proxy.mjs)
 * serves this file in its place, to the page and to the emulator's own iframe.
 *
 * Both ends run this file, so the wire format is ours: {__gapiFake, kind: ready|call|reply}.
 * Never used with a real Firebase project (there the SDK loads Google's script as usual).
 */
(function () {
  'use strict';
  if (window.gapi && window.gapi.iframes && window.gapi.iframes.__fake) return;
  var TAG = '__gapiFake';
  var nextId = 1;
  var CROSS_ORIGIN_IFRAMES_FILTER = function () {
    return true;
  };

  /** One end of a channel to `target` (a window): register handlers, send calls, get replies. */
  function Channel(target) {
    this.target = target;
    this.handlers = {};
    this.waiting = {};
    this.queued = []; // calls that arrived before their handler was registered
    this.ready = false;
    this.onReady = [];
  }
  Channel.prototype.register = function (name, handler) {
    this.handlers[name] = handler;
    var still = [];
    for (var i = 0; i < this.queued.length; i++) {
      if (this.queued[i].name === name) this.respond(this.queued[i]);
      else still.push(this.queued[i]);
    }
    this.queued = still;
  };
  Channel.prototype.send = function (name, data, callback) {
    var id = nextId++;
    this.waiting[id] = callback || function () {};
    this.target.postMessage({ __gapiFake: 1, kind: 'call', id: id, name: name, data: data }, '*');
  };
  Channel.prototype.respond = function (message) {
    var handler = this.handlers[message.name];
    if (!handler) {
      this.queued.push(message);
      return;
    }
    var result;
    try {
      result = handler(message.data);
    } catch (error) {
      result = { status: 'ERROR', error: String(error) };
    }
    this.target.postMessage({ __gapiFake: 1, kind: 'reply', id: message.id, result: [result] }, '*');
  };
  Channel.prototype.receive = function (message) {
    if (message.kind === 'ready') {
      this.ready = true;
      var waiting = this.onReady;
      this.onReady = [];
      for (var i = 0; i < waiting.length; i++) waiting[i]();
    } else if (message.kind === 'call') {
      this.respond(message);
    } else if (message.kind === 'reply' && this.waiting[message.id]) {
      var callback = this.waiting[message.id];
      delete this.waiting[message.id];
      callback(message.result);
    }
  };

  var children = []; // {frame, channel} for iframes this page opened
  var parentChannel = window.parent !== window ? new Channel(window.parent) : null;

  window.addEventListener('message', function (event) {
    var message = event.data;
    if (!message || typeof message !== 'object' || message[TAG] !== 1) return;
    if (parentChannel && event.source === window.parent) return parentChannel.receive(message);
    for (var i = 0; i < children.length; i++) {
      if (children[i].frame.contentWindow === event.source) return children[i].channel.receive(message);
    }
  });

  /** The page's side: what Firebase Auth's iframe helper calls on an opened iframe. */
  function openIframe(options, onOpened) {
    var frame = document.createElement('iframe');
    var attributes = options.attributes || {};
    for (var name in attributes) {
      if (name === 'style') {
        for (var property in attributes.style) frame.style[property] = attributes.style[property];
      } else {
        frame.setAttribute(name, attributes[name]);
      }
    }
    frame.src = options.url;
    var channel = new Channel(null);
    children.push({ frame: frame, channel: channel });
    (options.where || document.body).appendChild(frame);
    channel.target = frame.contentWindow;
    var handle = {
      restyle: function () {
        return Promise.resolve();
      },
      ping: function (callback) {
        return new Promise(function (resolve) {
          var done = function () {
            if (callback) callback();
            resolve();
          };
          if (channel.ready) done();
          else channel.onReady.push(done);
        });
      },
      register: function (name, handler) {
        channel.register(name, handler);
      },
      send: function (name, data, callback) {
        channel.send(name, data, callback);
      },
      getIframeEl: function () {
        return frame;
      },
    };
    return onOpened ? onOpened(handle) : Promise.resolve(handle);
  }

  var context = {
    open: openIframe,
    getParentIframe: function () {
      return {
        register: function (name, handler) {
          parentChannel.register(name, handler);
        },
        send: function (name, data, callback) {
          parentChannel.send(name, data, callback);
        },
      };
    },
  };

  window.gapi = window.gapi || {};
  window.gapi.iframes = {
    __fake: true,
    Iframe: function () {},
    CROSS_ORIGIN_IFRAMES_FILTER: CROSS_ORIGIN_IFRAMES_FILTER,
    getContext: function () {
      return context;
    },
  };
  window.gapi.load = function (_modules, options) {
    var callback = typeof options === 'function' ? options : options && options.callback;
    if (callback) setTimeout(callback, 0);
  };

  // Inside the emulator's iframe: tell the page this end is listening.
  if (parentChannel) window.parent.postMessage({ __gapiFake: 1, kind: 'ready' }, '*');

  // Google's script calls `?onload=` and window.gapi_onload when it has loaded; so does this one.
  var script = document.currentScript;
  var onload = script && new URL(script.src, location.href).searchParams.get('onload');
  setTimeout(function () {
    if (onload && typeof window[onload] === 'function') window[onload]();
    if (typeof window.gapi_onload === 'function') window.gapi_onload();
  }, 0);
})();
