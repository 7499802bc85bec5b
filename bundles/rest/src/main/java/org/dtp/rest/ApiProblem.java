package org.dtp.rest;

import javax.ws.rs.WebApplicationException;
import javax.ws.rs.core.Response;

/**
 * Ends a request with a problem response. It carries its entity, so JAX-RS sends its response as it
 * is (and {@link WebApplicationExceptionMapper} passes it through unchanged).
 */
final class ApiProblem extends WebApplicationException {
    private static final long serialVersionUID = 1L;

    private ApiProblem(Problem problem) {
        super(problem.detail(), null, response(problem));
    }

    static Response response(Problem problem) {
        return Response.status(problem.status()).type(Problem.MEDIA_TYPE).entity(problem).build();
    }

    static ApiProblem malformedBody(String detail) {
        return new ApiProblem(new Problem(Problem.MALFORMED_BODY, "Malformed request body", 400, detail));
    }

    static ApiProblem invalidRequest(String detail) {
        return new ApiProblem(new Problem(Problem.INVALID_REQUEST, "Invalid request", 400, detail));
    }

    static ApiProblem invalidTransfer(String detail) {
        return new ApiProblem(new Problem(Problem.INVALID_TRANSFER, "Invalid transfer", 422, detail));
    }

    static ApiProblem notFound(String detail) {
        return new ApiProblem(new Problem(Problem.NOT_FOUND, "Not found", 404, detail));
    }

    static ApiProblem illegalState(String detail) {
        return new ApiProblem(new Problem(Problem.ILLEGAL_STATE, "Conflict with the transfer's state", 409, detail));
    }

    Problem problem() {
        return (Problem) getResponse().getEntity();
    }
}
