package org.dtp.notifications;

import org.dtp.transfer.TransferJob;

import javax.ws.rs.core.Response;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * The small HTML pages of cancel links: self-contained (no scripts, images or style sheets from elsewhere), with a
 * language, a title and a labelled button. Every value from a transfer is escaped. The headers keep the page (and
 * its URL, which holds the token) out of caches, referrers and frames.
 */
final class CancellationPages {
    static final String HTML = "text/html; charset=utf-8";
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);
    private static final String STYLE = "body{font-family:system-ui,sans-serif;max-width:40em;margin:2em auto;padding:0 1em;"
            + "line-height:1.5}dt{font-weight:bold}button{font-size:1.1em;padding:.5em 1em}";

    private CancellationPages() {
    }

    static Response confirm(TransferJob job) {
        String body = "<p>You can cancel this transfer before it starts. Nothing has been copied yet.</p>"
                + facts(job)
                + "<form method=\"post\"><button type=\"submit\" id=\"cancel\">Cancel this transfer</button></form>";
        return page(200, "Cancel this transfer?", body);
    }

    static Response cancelled(TransferJob job) {
        return page(200, "Transfer cancelled", "<p>The transfer is cancelled; it will not start.</p>" + facts(job));
    }

    static Response started(TransferJob job, boolean refused) {
        return page(refused ? 409 : 200, "Transfer already started",
                "<p>This transfer has already started, so this link can no longer cancel it. "
                        + "You can still cancel it in the API or ask your operator.</p>" + facts(job));
    }

    static Response ended(TransferJob job, boolean refused) {
        return page(refused ? 409 : 200, "Transfer already ended",
                "<p>This transfer has already ended (" + escape(TransferMessages.stateWords(job.state()))
                        + "); there is nothing to cancel.</p>" + facts(job));
    }

    /** The same page for every token that does not lead to a transfer: it says nothing about why. */
    static Response invalid() {
        return page(404, "Link not valid", "<p>This cancel link is not valid or has expired.</p>");
    }

    private static String facts(TransferJob job) {
        StringBuilder dl = new StringBuilder("<dl>");
        fact(dl, "What", job.vertical().description());
        fact(dl, "From", job.source().provider());
        fact(dl, "To", job.destination().provider());
        fact(dl, "Created", TIME.format(job.createdAt()));
        if (job.startsAt() != null) {
            fact(dl, "Starts", TIME.format(job.startsAt()));
        }
        fact(dl, "Transfer id", job.id().toString());
        return dl.append("</dl>").toString();
    }

    private static void fact(StringBuilder dl, String name, String value) {
        dl.append("<dt>").append(escape(name)).append("</dt><dd>").append(escape(value)).append("</dd>");
    }

    private static Response page(int status, String title, String body) {
        String html = "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
                + "<meta name=\"robots\" content=\"noindex\">"
                + "<title>" + escape(title) + " – dtp</title><style>" + STYLE + "</style></head>"
                + "<body><main><h1>" + escape(title) + "</h1>" + body + "</main></body></html>\n";
        return Response.status(status).type(HTML).entity(html)
                .header("Cache-Control", "no-store")
                .header("Referrer-Policy", "no-referrer")
                .header("X-Content-Type-Options", "nosniff")
                .header("Content-Security-Policy",
                        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'")
                .build();
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
