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
 * the exception itself goes to the server log under that id, never to the client.
 */
@Component(service = ExceptionMapper.class)
@JaxrsExtension
@JaxrsName("dtp.problems.unhandled")
@JSONRequired
public final class UnhandledExceptionMapper implements ExceptionMapper<Throwable> {
    private static final Logger LOG = LoggerFactory.getLogger(UnhandledExceptionMapper.class);

    @Override
    public Response toResponse(Throwable exception) {
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
