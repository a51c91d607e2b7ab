# The shared cache of the reference deployment (docs/operate-production.md): Varnish 7 with xkey.
# The ports are placeholders, filled in by `npm run stack` (scripts/stack/edge.mjs).
# Three sockets: "pages" (the render servers, behind the pages frontend) and "files" (the remotes'
# files and the bucket's photos and releases, behind the files frontend), both reached only by the
# balancer with the PROXY protocol, so client.ip is the visitor's own address; and "purge", where the
# render servers send their purges.
vcl 4.1;

import cookie;
import directors;
import std;
import xkey;

# A busy render server passes (docs/operate-production.md, "Health checks"): 3 s per response, sick after 3 misses of 5.
probe render_health {
    .url = "/healthz";
    .interval = 1s;
    .timeout = 3s;
    .window = 5;
    .threshold = 3;
    .initial = 3;
}

backend render_1 {
    .host = "127.0.0.1";
    .port = "${RENDER_1_PORT}";
    .probe = render_health;
    .connect_timeout = 1s;
    .first_byte_timeout = 15s;
}

backend render_2 {
    .host = "127.0.0.1";
    .port = "${RENDER_2_PORT}";
    .probe = render_health;
    .connect_timeout = 1s;
    .first_byte_timeout = 15s;
}

# The same render servers without a probe: the last resort when both are sick. A dead one refuses the connection and
# vcl_backend_error asks the other; a slow one is still asked.
backend render_1_unprobed {
    .host = "127.0.0.1";
    .port = "${RENDER_1_PORT}";
    .connect_timeout = 1s;
    .first_byte_timeout = 15s;
}

backend render_2_unprobed {
    .host = "127.0.0.1";
    .port = "${RENDER_2_PORT}";
    .connect_timeout = 1s;
    .first_byte_timeout = 15s;
}

backend bucket {
    .host = "127.0.0.1";
    .port = "${S3_PORT}";
    .connect_timeout = 1s;
}

backend remote_files {
    .host = "127.0.0.1";
    .port = "${REMOTE_FILES_PORT}";
    .connect_timeout = 1s;
}

# Purges come from the render servers, on this machine (in production, their private network).
acl purgers {
    "127.0.0.1";
    "::1";
}

sub vcl_init {
    new probed = directors.round_robin();
    probed.add_backend(render_1);
    probed.add_backend(render_2);
    new unprobed = directors.round_robin();
    unprobed.add_backend(render_1_unprobed);
    unprobed.add_backend(render_2_unprobed);
    new render = directors.fallback();
    render.add_backend(probed.backend());
    render.add_backend(unprobed.backend());
}

sub vcl_recv {
    if (req.method == "PURGE") {
        # Judged on the real client (the balancer's PROXY protocol), and only on the render servers' own socket.
        if (local.socket != "purge" || client.ip !~ purgers) {
            return (synth(403, "Forbidden"));
        }
        if (!req.http.Surrogate-Key) {
            return (synth(400, "Name the keys to purge in Surrogate-Key"));
        }
        set req.http.n-gone = xkey.purge(req.http.Surrogate-Key);
        return (synth(200, "Purged " + req.http.n-gone));
    }
    # The purge socket responds to its purges and a health check (passed to a render server), nothing else.
    if (local.socket == "purge" && req.url != "/healthz") {
        return (synth(405, "Purges only"));
    }
    # Only the edge names a visitor's bucket; a client's own header counts for nothing.
    unset req.http.X-Release-Bucket;
    # The balancer's traceparent goes on, unchanged, to the render server on a miss or a pass (docs/operations.md,
    # "Traces"); it is in no cache key and no page varies on it, and a hit's Server-Timing, which names the trace of the
    # request that filled the cache, is removed below. A malformed one is dropped rather than passed on.
    if (req.http.traceparent !~ "^00-[0-9a-f]{32}-[0-9a-f]{16}-[0-9a-f]{2}$") {
        unset req.http.traceparent;
        unset req.http.tracestate;
    }
    # One cached copy per encoding the backends make (brotli, gzip, none), not one per browser's list.
    if (req.http.Accept-Encoding ~ "\bbr\b") {
        set req.http.Accept-Encoding = "br";
    } elsif (req.http.Accept-Encoding ~ "\bgzip\b") {
        set req.http.Accept-Encoding = "gzip";
    } else {
        unset req.http.Accept-Encoding;
    }

    if (local.socket == "files") {
        if (req.url ~ "^/usedcars/") {
            set req.backend_hint = bucket;
        } else {
            set req.backend_hint = remote_files;
        }
        if (req.method != "GET" && req.method != "HEAD") {
            return (synth(405, "Read only"));
        }
        unset req.http.Cookie;
        unset req.http.Authorization;
        return (hash);
    }

    set req.backend_hint = render.backend();
    if (req.method != "GET" && req.method != "HEAD") {
        return (pass);
    }
    # A file of the shell's build: the same for everyone.
    if (req.url ~ "^[^?]*\.[a-zA-Z0-9]+(\?.*)?$") {
        unset req.http.Cookie;
        return (hash);
    }
    # A page (docs/operate-production.md, "The edge"): the visitor's bucket, from their cookie or picked here.
    cookie.parse(req.http.Cookie);
    if (cookie.get("release_bucket") ~ "^[0-9]{1,2}$") {
        set req.http.X-Release-Bucket = cookie.get("release_bucket");
    } else {
        set req.http.X-Release-Bucket = std.integer(real = std.random(0, 100), fallback = 0);
        if (req.http.X-Release-Bucket == "100") {
            set req.http.X-Release-Bucket = "99";
        }
        set req.http.X-New-Release-Bucket = req.http.X-Release-Bucket;
    }
    # Signed in, an admin's pin, or a preview (its link in the address or its cookie): a page for this visitor alone, never looked up nor cached.
    if (cookie.isset("__session") || cookie.isset("release_pin") || cookie.isset("release_preview") || req.url ~ "[?&]preview=" || req.http.Authorization) {
        return (pass);
    }
    unset req.http.Cookie;
    return (hash);
}

sub vcl_backend_fetch {
    unset bereq.http.X-New-Release-Bucket;
}

sub vcl_backend_response {
    # The render servers' keys (pages, car-<id>), indexed for purges.
    if (beresp.http.Surrogate-Key) {
        set beresp.http.xkey = beresp.http.Surrogate-Key;
    }
    # A file not there yet (a release's, asked for before its version is registered) is not cached as missing: it is
    # there as soon as the registration publishes it.
    if (beresp.status == 404 && (bereq.backend == bucket || bereq.backend == remote_files)) {
        set beresp.ttl = 1s;
        set beresp.uncacheable = true;
    }
}

sub vcl_backend_error {
    # A render server that died mid-request: the other one is asked.
    if (bereq.retries < 3 && bereq.backend != bucket && bereq.backend != remote_files) {
        return (retry);
    }
}

sub vcl_deliver {
    if (obj.hits > 0) {
        set resp.http.X-Cache = "HIT";
        # The page token names the one visitor the render server sent this copy to (docs/releases.md, "Behind a CDN"),
        # and its trace entry that visitor's request.
        unset resp.http.Server-Timing;
    } else {
        set resp.http.X-Cache = "MISS";
    }
    unset resp.http.xkey;
    if (req.http.X-New-Release-Bucket) {
        # Set on the response delivered, never on the cached copy.
        set resp.http.Set-Cookie = "release_bucket=" + req.http.X-New-Release-Bucket + "; Path=/; Max-Age=31536000; SameSite=Lax";
    }
    if (local.socket == "files") {
        set resp.http.Access-Control-Allow-Origin = "*";
    }
}
