package org.dtp.rest;

import org.dtp.transfer.TransferJob;
import org.dtp.transfer.TransferRequest;

import javax.ws.rs.core.SecurityContext;
import java.security.Principal;

/**
 * Who sent a request, as {@link ApiAuthenticationFilter} established it: an operator (a user of the Karaf JAAS
 * realm with the operator role) or an end user (an API token's user). Operators see and control every transfer,
 * and the ones they start belong to {@link TransferRequest#OPERATOR}; an end user sees only their own.
 */
record ApiCaller(String name, boolean operator) implements Principal {
    static final String OPERATOR_ROLE = "operator";

    @Override
    public String getName() {
        return name;
    }

    /** The caller of a request that passed the filter. */
    static ApiCaller of(SecurityContext security) {
        if (security != null && security.getUserPrincipal() instanceof ApiCaller caller) {
            return caller;
        }
        throw ApiProblem.unauthorized("Authentication is required.");
    }

    /** The owner of the transfers this caller starts. */
    String owner() {
        return operator ? TransferRequest.OPERATOR : name;
    }

    boolean maySee(TransferJob job) {
        return operator || job.ownedBy(name);
    }

    /** A 403 problem unless the caller is an operator. */
    ApiCaller requireOperator() {
        if (!operator) {
            throw ApiProblem.forbidden("Only operators may do this.");
        }
        return this;
    }
}
