package org.dtp.rest;

import javax.ws.rs.core.SecurityContext;
import java.security.Principal;

/** Security contexts as {@link ApiAuthenticationFilter} sets them, for calling resources directly. */
final class Callers {
    static final SecurityContext OPERATOR = of(new ApiCaller("admin", true));
    static final SecurityContext ANN = user("ann");
    static final SecurityContext BOB = user("bob");

    private Callers() {
    }

    static SecurityContext user(String name) {
        return of(new ApiCaller(name, false));
    }

    static SecurityContext of(ApiCaller caller) {
        return new SecurityContext() {
            @Override
            public Principal getUserPrincipal() {
                return caller;
            }

            @Override
            public boolean isUserInRole(String role) {
                return caller.operator() && ApiCaller.OPERATOR_ROLE.equals(role);
            }

            @Override
            public boolean isSecure() {
                return false;
            }

            @Override
            public String getAuthenticationScheme() {
                return BASIC_AUTH;
            }
        };
    }
}
