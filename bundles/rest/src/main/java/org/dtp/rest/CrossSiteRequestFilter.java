package org.dtp.rest;

import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Modified;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtension;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

import javax.ws.rs.container.ContainerRequestContext;
import javax.ws.rs.container.ContainerRequestFilter;
import javax.ws.rs.core.HttpHeaders;
import java.net.URI;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Refuses cross-site requests that change something (CSRF). A browser that holds an operator's HTTP Basic credentials
 * sends them with any form another site makes it post, so a state-changing request (POST, PUT, PATCH, DELETE) is
 * refused with 403 when
 * <ul>
 * <li>its {@code Origin} (or, without one, its {@code Referer}) is neither this server's own origin (the
 * request's {@code Host}) nor one of {@code allowedOrigins}; or</li>
 * <li>it carries a body type that an HTML form can send (form-urlencoded, multipart, text/plain), which no endpoint
 * of the API takes, except the notification cancel links, whose page posts a form and whose link is the
 * credential.</li>
 * </ul>
 * Clients that are not browsers (curl, scripts) send neither header and are not affected.
 */
@Component(service = ContainerRequestFilter.class, configurationPid = CrossSiteRequestFilter.PID)
@Designate(ocd = CrossSiteRequestFilter.Config.class)
@JaxrsExtension
@JaxrsName("dtp.cross-site-requests")
public final class CrossSiteRequestFilter implements ContainerRequestFilter {
    public static final String PID = "org.dtp.rest.origins";
    private static final Set<String> STATE_CHANGING = Set.of("POST", "PUT", "PATCH", "DELETE");
    /** The body types an HTML form posts without asking the browser's CORS preflight. */
    private static final Set<String> FORM_TYPES = Set.of("application/x-www-form-urlencoded", "multipart/form-data", "text/plain");
    private static final String CANCELLATIONS = "api/v1/cancellations/";

    @ObjectClassDefinition(name = "dtp REST API cross-site requests",
            description = "Which other web origins may send state-changing requests to the API from a browser.")
    public @interface Config {
        @AttributeDefinition(name = "Allowed origins", description = "Origins (scheme://host[:port]) besides this server's own "
                + "whose pages may change things through the API, e.g. a portal served from another host. Empty: none.")
        String[] allowedOrigins() default {};
    }

    private volatile Set<String> allowedOrigins = Set.of();

    @Activate
    public CrossSiteRequestFilter(Config config) {
        modified(config);
    }

    @Modified
    void modified(Config config) {
        this.allowedOrigins = Arrays.stream(config.allowedOrigins()).map(String::trim).filter(o -> !o.isEmpty())
                .map(CrossSiteRequestFilter::normalised).collect(Collectors.toUnmodifiableSet());
    }

    @Override
    public void filter(ContainerRequestContext request) {
        if (!STATE_CHANGING.contains(request.getMethod().toUpperCase(Locale.ROOT))) {
            return;
        }
        String origin = request.getHeaderString("Origin");
        if (origin == null) {
            origin = request.getHeaderString("Referer");
        }
        if (origin != null && !sameSite(origin, request.getHeaderString(HttpHeaders.HOST))) {
            throw ApiProblem.forbidden("A request from a page of another site (" + origin + ") may not change anything here; "
                    + "an operator can allow that site's origin (allowedOrigins of " + PID + ").");
        }
        String type = request.getHeaderString(HttpHeaders.CONTENT_TYPE);
        String path = request.getUriInfo().getPath();
        if (type != null && FORM_TYPES.contains(mediaType(type)) && !path.replaceFirst("^/+", "").startsWith(CANCELLATIONS)) {
            throw ApiProblem.forbidden("The API takes JSON (Content-Type: application/json), not the body of an HTML form ("
                    + mediaType(type) + ").");
        }
    }

    private boolean sameSite(String origin, String host) {
        String normalised = normalised(origin);
        if (normalised == null) {
            return false;
        }
        if (allowedOrigins.contains(normalised)) {
            return true;
        }
        // The request's own origin: its Host header, which a browser sets to the server it talks to. The scheme is
        // left out of the comparison because a TLS proxy in front may forward as plain HTTP.
        URI uri = URI.create(normalised);
        return host != null && authority(uri).equalsIgnoreCase(withDefaultPort(host.trim(), uri.getScheme()));
    }

    /** scheme://host:port of an origin or a Referer URL, in lower case with the port always given; null when unusable. */
    static String normalised(String url) {
        try {
            URI uri = URI.create(url.trim());
            if (uri.getScheme() == null || uri.getHost() == null) {
                return null;
            }
            String scheme = uri.getScheme().toLowerCase(Locale.ROOT);
            int port = uri.getPort() != -1 ? uri.getPort() : "https".equals(scheme) ? 443 : 80;
            return scheme + "://" + uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static String authority(URI uri) {
        return uri.getHost() + ":" + uri.getPort();
    }

    private static String withDefaultPort(String host, String scheme) {
        boolean hasPort = host.startsWith("[") ? host.contains("]:") : host.contains(":");
        return hasPort ? host : host + ":" + ("https".equals(scheme) ? 443 : 80);
    }

    private static String mediaType(String contentType) {
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }
}
