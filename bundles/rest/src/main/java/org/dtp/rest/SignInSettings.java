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

    /** The settings a sign-in gives: {@link AuthorizationFlows#redeem} or {@link AuthorizationFlows#lend}. */
    @FunctionalInterface
    private interface Tokens {
        Map<String, String> of(String user, UUID id, String provider, Direction direction);
    }

    /** {@code endpoint} with its sign-in redeemed, for good; unchanged when it names none. 422 for a sign-in not usable. */
    TransferEndpoint redeem(ApiCaller caller, String side, TransferEndpoint endpoint, Direction direction) {
        return withTokens(caller, side, endpoint, direction, flows::redeem);
    }

    /** {@code endpoint} with its sign-in's tokens, leaving the sign-in for the transfer; 422 as {@link #redeem}. */
    TransferEndpoint borrow(ApiCaller caller, String side, TransferEndpoint endpoint, Direction direction) {
        return withTokens(caller, side, endpoint, direction, flows::lend);
    }

    private static TransferEndpoint withTokens(ApiCaller caller, String side, TransferEndpoint endpoint, Direction direction,
                                               Tokens tokens) {
        String named = endpoint.settings().get(AuthorizationFlows.AUTHORIZATION_SETTING);
        if (named == null) {
            return endpoint;
        }
        Map<String, String> changes = new HashMap<>();
        try {
            changes.putAll(tokens.of(caller.name(), UUID.fromString(named), endpoint.provider(), direction));
        } catch (IllegalArgumentException e) {
            throw ApiProblem.invalidTransfer(side + ": " + (e.getMessage() == null || e.getMessage().startsWith("Invalid UUID")
                    ? "'" + named + "' is not a sign-in id" : e.getMessage()) + "; sign in again (POST /api/v1/authorizations)");
        }
        changes.put(AuthorizationFlows.AUTHORIZATION_SETTING, null); // the id gives way to the tokens
        return endpoint.withSettings(changes);
    }
}
