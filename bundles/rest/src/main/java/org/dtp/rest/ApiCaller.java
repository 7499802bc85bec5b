package org.dtp.rest;

import org.dtp.transfer.TransferJob;
import org.dtp.transfer.sync.Sync;
import org.dtp.transfer.TransferRequest;

import javax.ws.rs.core.SecurityContext;
import java.security.Principal;
import java.util.Set;

/**
 * Who sent a request, as {@link ApiAuthenticationFilter} established it: an operator (a user of the Karaf JAAS
 * realm with the operator role) or an end user (an API token's user). Operators see and control every transfer,
 * and the ones they start belong to {@link TransferRequest#OPERATOR}; an end user sees only their own.
 */
record ApiCaller(String name, boolean operator, Set<String> operatorOnlyProviders) implements Principal {
    static final String OPERATOR_ROLE = "operator";

    ApiCaller {
        operatorOnlyProviders = Set.copyOf(operatorOnlyProviders);
    }

    /** A caller who may name every installed adapter. */
    ApiCaller(String name, boolean operator) {
        this(name, operator, Set.of());
    }

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

    boolean maySee(Sync sync) {
        return operator || sync.ownedBy(name);
    }

    /**
     * A 403 problem when this end user names an adapter the operator keeps for operators
     * ({@code operatorOnlyProviders} of {@link ApiAuthenticationFilter.Config}).
     */
    void requireMayUse(String side, String provider) {
        if (!operator && provider != null && operatorOnlyProviders.contains(provider.trim())) {
            throw ApiProblem.forbidden(side + ": only operators may use the adapter '" + provider.trim() + "' on this server"
                    + ("localfs".equals(provider.trim()) ? " (a local folder reaches the server's own files)" : "")
                    + "; an operator can open it to end users (operatorOnlyProviders of org.dtp.rest.security).");
        }
    }

    /** A 403 problem unless the caller is an operator. */
    ApiCaller requireOperator() {
        if (!operator) {
            throw ApiProblem.forbidden("Only operators may do this.");
        }
        return this;
    }
}
