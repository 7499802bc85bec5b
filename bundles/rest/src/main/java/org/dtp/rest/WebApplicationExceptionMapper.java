package org.dtp.rest;

import org.osgi.service.component.annotations.Component;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtension;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsName;

import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Response;
import javax.ws.rs.ext.ExceptionMapper;

/**
 * HTTP errors the runtime raises (404 unknown path, 405, 406, 415, ...) as problem documents with
 * their status. A response that already carries an entity ({@link ApiProblem}) is sent unchanged.
 */
@Component(service = ExceptionMapper.class)
@JaxrsExtension
@JaxrsName("dtp.problems.http")
@JSONRequired
public final class WebApplicationExceptionMapper implements ExceptionMapper<WebApplicationException> {

    @Override
    public Response toResponse(WebApplicationException exception) {
        Response response = exception.getResponse();
        if (response != null && response.hasEntity()) {
            return response;
        }
        int status = response == null ? 500 : response.getStatus();
        Response.StatusType statusType = Response.Status.fromStatusCode(status);
        String title = statusType != null ? statusType.getReasonPhrase() : "HTTP " + status;
        if (status >= 500) {
            return UnhandledExceptionMapper.serverError(status, title, exception);
        }
        Response.ResponseBuilder builder = Response.status(status).type(Problem.MEDIA_TYPE)
                .entity(new Problem(Problem.ABOUT_BLANK, title, status, detail(status, title)));
        // keep what the client needs to retry correctly, e.g. Allow on a 405
        if (response != null) {
            response.getStringHeaders().forEach((name, values) -> {
                if (!"Content-Type".equalsIgnoreCase(name) && !"Content-Length".equalsIgnoreCase(name)) {
                    values.forEach(v -> builder.header(name, v));
                }
            });
        }
        return builder.build();
    }

    private static String detail(int status, String title) {
        return switch (status) {
            case 404 -> "There is no resource at this path.";
            case 405 -> "This resource does not accept that method.";
            case 406 -> "This resource answers in application/json only.";
            case 415 -> "Send the body as application/json.";
            default -> title + ".";
        };
    }
}
