package org.dtp.portal;

import org.osgi.service.component.annotations.Component;

import javax.servlet.Servlet;
import javax.servlet.http.HttpServlet;
import javax.servlet.http.HttpServletRequest;
import javax.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * The web portal's files under {@value #PATH}/: a fixed set of static files shipped in this bundle, with headers
 * that keep the page (which holds the person's API token in its session storage) from being framed, sniffed or
 * made to run scripts of elsewhere. The page talks to the REST API on the same origin only.
 */
@Component(service = Servlet.class, property = {
    "osgi.http.whiteboard.servlet.pattern=" + PortalServlet.PATH + "/*",
    "osgi.http.whiteboard.servlet.name=dtp-portal"
})
public final class PortalServlet extends HttpServlet {
    static final String PATH = "/portal";
    private static final long serialVersionUID = 1L;
    /** Everything the portal serves, by path under /portal/, with its media type. Nothing else is served. */
    static final Map<String, String> FILES = Map.of(
            "index.html", "text/html; charset=UTF-8",
            "portal.css", "text/css; charset=UTF-8",
            "app.js", "text/javascript; charset=UTF-8",
            "api.js", "text/javascript; charset=UTF-8",
            "events.js", "text/javascript; charset=UTF-8",
            "format.js", "text/javascript; charset=UTF-8",
            "forms.js", "text/javascript; charset=UTF-8");
    static final String CONTENT_SECURITY_POLICY = "default-src 'none'; script-src 'self'; style-src 'self'; "
            + "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String path = request.getPathInfo();
        if (path == null) {
            response.setStatus(HttpServletResponse.SC_MOVED_PERMANENTLY);
            response.setHeader("Location", request.getContextPath() + PATH + "/");
            return;
        }
        String name = path.equals("/") ? "index.html" : path.substring(1);
        String type = FILES.get(name);
        if (type == null) {
            response.sendError(HttpServletResponse.SC_NOT_FOUND);
            return;
        }
        byte[] body = read(name);
        response.setContentType(type);
        response.setContentLength(body.length);
        response.setHeader("Content-Security-Policy", CONTENT_SECURITY_POLICY);
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Referrer-Policy", "no-referrer");
        response.setHeader("X-Frame-Options", "DENY");
        // The files change with the bundle: the browser asks again each time (a 200 of a few kilobytes).
        response.setHeader("Cache-Control", "no-cache");
        response.getOutputStream().write(body);
    }

    static byte[] read(String name) {
        try (InputStream in = PortalServlet.class.getResourceAsStream("site/" + name)) {
            if (in == null) {
                throw new IllegalStateException("the portal file " + name + " is missing from the bundle");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
