package org.dtp.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtension;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;
import java.util.UUID;

/**
 * Anything else that escapes a resource: a 500 problem with a generic message and an incident id;
 * the exception itself goes to the server log under that id, never to the client. A request body that could not
 * be read (sent too slowly, cut short) is the client's doing and gets its 4xx instead ({@link RequestBodyFailures}).
 */
@Component(service = ExceptionMapper.class)
@JaxrsExtension
@JaxrsName("dtp.problems.unhandled")
@JSONRequired
public final class UnhandledExceptionMapper implements ExceptionMapper<Throwable> {
    private static final Logger LOG = LoggerFactory.getLogger(UnhandledExceptionMapper.class);

    @Override
    public Response toResponse(Throwable exception) {
        Problem bodyFailure = RequestBodyFailures.problem(exception);
        if (bodyFailure != null) {
            // The client's fault (too slow, cut short): one line at INFO, no stack trace, no incident.
            LOG.info("Request body not read: {}", bodyFailure.detail());
            return ApiProblem.response(bodyFailure);
        }
        return internalError(exception);
    }

    static Response internalError(Throwable exception) {
        return serverError(500, "Internal server error", exception);
    }

    /** A 5xx problem whose detail names an incident id; the exception is logged under it. */
    static Response serverError(int status, String title, Throwable exception) {
        String incident = UUID.randomUUID().toString();
        LOG.error("REST request failed with {} (incident {})", status, incident, exception);
        return ApiProblem.response(new Problem(Problem.INTERNAL_ERROR, title, status,
                "The server could not complete the request. Incident " + incident + " is in the server log."));
    }
}
