package org.dtp.portal;

import org.junit.Test;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The servlet serves a fixed list of files: every one of them is in the bundle, and every file the page or its
 * modules load is on the list (else the browser would get a 404 only at run time).
 */
public class PortalFilesTest {
    private static final Pattern REFERENCE = Pattern.compile("(?:src|href)=\"([^\"#:]+)\"|from '\\./([^']+)'|import\\('\\./([^']+)'\\)");

    private static String text(String name) {
        return new String(PortalServlet.read(name), StandardCharsets.UTF_8);
    }

    @Test
    public void everyListedFileIsInTheBundleAndEveryReferencedFileIsListed() {
        Set<String> referenced = new TreeSet<>();
        for (String name : PortalServlet.FILES.keySet()) {
            String content = text(name);
            assertFalse(name + " is empty", content.isBlank());
            Matcher m = REFERENCE.matcher(content);
            while (m.find()) {
                String file = m.group(1) != null ? m.group(1) : m.group(2) != null ? m.group(2) : m.group(3);
                referenced.add(file);
            }
        }
        assertTrue(referenced.toString(), referenced.containsAll(Set.of("app.js", "portal.css", "api.js", "events.js", "format.js", "forms.js")));
        assertTrue("not served: " + referenced, PortalServlet.FILES.keySet().containsAll(referenced));
    }

    @Test
    public void scriptsAreModulesOfThisOriginOnly() {
        String page = text("index.html");
        assertTrue(page.contains("<script type=\"module\" src=\"app.js\"></script>"));
        assertFalse("no inline script (the CSP forbids it)", page.matches("(?s).*<script>.*"));
        assertFalse("no inline style (the CSP forbids it)", page.contains("style=\""));
        for (String name : PortalServlet.FILES.keySet()) {
            assertFalse(name + " loads something from elsewhere", text(name).matches("(?s).*(https?:)?//[a-z0-9.-]+\\.(com|org|net|io)/.*\\.(js|css)\\b.*"));
        }
        assertTrue(PortalServlet.CONTENT_SECURITY_POLICY.contains("script-src 'self'"));
        assertTrue(PortalServlet.CONTENT_SECURITY_POLICY.contains("frame-ancestors 'none'"));
    }

    @Test
    public void theTokenIsKeptInSessionStorageOnly() {
        String api = text("api.js");
        assertTrue(api.contains("sessionStorage.setItem(KEY, value)"));
        for (String name : PortalServlet.FILES.keySet()) {
            assertFalse(name + " uses localStorage", text(name).contains("localStorage"));
        }
        assertEquals("credentials travel in the Authorization header, never in a URL", -1, text("events.js").indexOf("?token"));
    }
}
