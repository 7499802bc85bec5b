package org.dtp.rest;

import javax.ws.rs.WebApplicationException;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/** Runs a call that must end in a problem response, and returns the problem. */
final class Problems {
    private Problems() {
    }

    static Problem expect(int status, Runnable call) {
        try {
            call.run();
        } catch (WebApplicationException e) {
            assertEquals(status, e.getResponse().getStatus());
            assertEquals(Problem.MEDIA_TYPE, e.getResponse().getMediaType().toString());
            Problem problem = (Problem) e.getResponse().getEntity();
            assertEquals(status, problem.status());
            return problem;
        }
        fail("expected a " + status + " problem");
        return null;
    }
}
