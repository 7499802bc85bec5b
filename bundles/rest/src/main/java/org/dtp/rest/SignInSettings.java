package org.dtp.rest;

import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.Direction;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * An endpoint's {@code authorization} setting (a sign-in's id, see {@link AuthorizationResource}) replaced by the
 * tokens the sign-in holds, on the server: the tokens never pass through the client. A transfer redeems the sign-in
 * (once); an estimate only borrows it, so the transfer after it can still redeem it.
 */
final class SignInSettings {
    private final AuthorizationFlows flows;

    SignInSettings(AuthorizationFlows flows) {
        this.flows = flows;
    }

    /** {@code endpoint} with its sign-in redeemed, for good; unchanged when it names none. 422 for a sign-in not usable. */
    TransferEndpoint redeem(ApiCaller caller, String side, TransferEndpoint endpoint, Direction direction) {
        return withTokens(caller, side, endpoint, direction, true);
    }

    /** {@code endpoint} with its sign-in's tokens, leaving the sign-in for the transfer; 422 as {@link #redeem}. */
    TransferEndpoint borrow(ApiCaller caller, String side, TransferEndpoint endpoint, Direction direction) {
        return withTokens(caller, side, endpoint, direction, false);
    }

    private TransferEndpoint withTokens(ApiCaller caller, String side, TransferEndpoint endpoint, Direction direction,
                                        boolean useUp) {
        String named = endpoint.settings().get(AuthorizationFlows.AUTHORIZATION_SETTING);
        if (named == null) {
            return endpoint;
        }
        Map<String, String> settings = new HashMap<>(endpoint.settings());
        settings.remove(AuthorizationFlows.AUTHORIZATION_SETTING);
        try {
            UUID id = UUID.fromString(named);
            settings.putAll(useUp ? flows.redeem(caller.name(), id, endpoint.provider(), direction)
                    : flows.lend(caller.name(), id, endpoint.provider(), direction));
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidTransfer(side + ": " + (e.getMessage() == null || e.getMessage().startsWith("Invalid UUID")
                    ? "'" + named + "' is not a sign-in id" : e.getMessage()) + "; sign in again (POST /api/v1/authorizations)");
        }
        return new TransferEndpoint(endpoint.provider(), settings);
    }
}
