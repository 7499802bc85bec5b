package org.dtp.webdav;

import org.dtp.spi.http.AnswerOutcome;
import org.dtp.spi.http.AnswerPolicy;
import org.dtp.spi.http.ProviderAnswer;
import org.dtp.spi.http.ProviderHttp;
import org.w3c.dom.Element;
import org.xml.sax.SAXException;

import java.io.IOException;
import java.net.URI;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.StringJoiner;

/**
 * What a DAV server's error answer says that a failure may show ({@link org.dtp.spi.http.ProviderHttp} bounds it, puts
 * it on one line and cuts out the credentials). For every request: the DAV preconditions callers act on (RFC 4918 §16,
 * RFC 4791 §5.3.1.1, RFC 6578 §3.2) that the answer names. For a refused PUT, the item the destination would not take, also its
 * reason: the text of a {@code text/plain} answer, or the conditions and {@code message} of an XML {@code DAV:error}
 * (as SabreDAV, behind Nextcloud, writes them); a JSON answer's message field is shown by the kit itself. The text of
 * an answer to anything else is never shown: a user's URL must not read a service this server reaches. A server's own
 * failure on a read ({@link DavServerErrorException}) is told apart from its being unavailable, for the pager to ask for
 * less.
 */
final class DavRefusals implements AnswerPolicy {
    private static final List<String> READS = List.of("GET", "PROPFIND", "REPORT");
    private static final List<String> PRECONDITIONS = List.of("resource-must-be-null", "valid-calendar-data",
            "valid-address-data", "no-uid-conflict", "max-resource-size", "needs-privilege", "valid-sync-token");

    private final String provider;

    DavRefusals(String provider) {
        this.provider = provider;
    }

    @Override
    public AnswerOutcome judge(ProviderAnswer answer) {
        if (serverFailedToRead(answer)) {
            // worded as the kit words any 5xx, the answer's text left out as for every read
            String failed = ProviderHttp.failure(provider, answer.method(), URI.create(answer.where()), answer.status(),
                    answer.headers(), "", ProviderHttp.OnNotFound.FAIL, Clock.systemUTC()).getMessage();
            return AnswerOutcome.failure(new DavServerErrorException(failed));
        }
        String type = answer.header("Content-Type").orElse("").toLowerCase(Locale.ROOT);
        if (!"PUT".equals(answer.method())) {
            return AnswerOutcome.byStatus().because(preconditions(answer.bodyText()));
        }
        if (type.contains("json")) {
            return AnswerOutcome.byStatus();
        }
        if (type.startsWith("text/plain")) {
            return AnswerOutcome.byStatus().because(answer.bodyText().strip());
        }
        if (type.contains("xml")) {
            return AnswerOutcome.byStatus().because(xmlReason(answer.body()));
        }
        return AnswerOutcome.byStatus().because(preconditions(answer.bodyText()));
    }

    /** A 5xx to a read, except the server saying it is unavailable or full, or when to come back (a Retry-After). */
    private static boolean serverFailedToRead(ProviderAnswer answer) {
        int status = answer.status();
        return status >= 500 && status != 503 && status != 507 && READS.contains(answer.method())
                && answer.header("Retry-After").isEmpty();
    }

    private static String preconditions(String body) {
        StringJoiner named = new StringJoiner(", ");
        PRECONDITIONS.stream().filter(body::contains).forEach(named::add);
        return named.toString();
    }

    /** The names of a {@code DAV:error}'s conditions, then the text of its {@code message} elements. */
    private static String xmlReason(byte[] body) {
        Element root;
        try {
            root = DavXml.parse(body).getDocumentElement();
        } catch (SAXException | IOException e) {
            return "";
        }
        if (!DavXml.DAV.equals(root.getNamespaceURI()) || !"error".equals(root.getLocalName())) {
            return "";
        }
        List<String> parts = new ArrayList<>();
        for (Element e : DavXml.elements(root)) {
            String text = e.getTextContent().strip();
            if (text.isEmpty()) {
                parts.add(e.getLocalName());
            } else if ("message".equals(e.getLocalName()) || "responsedescription".equals(e.getLocalName())) {
                parts.add(text);
            }
        }
        return String.join(": ", parts);
    }
}
