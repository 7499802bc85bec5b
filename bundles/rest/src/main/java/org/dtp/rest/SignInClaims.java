package org.dtp.rest;

import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.spi.TransferEndpoint;
import org.dtp.transfer.Direction;
import org.dtp.transfer.TransferRequest;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sign-ins a request for a transfer or a sync names (its {@code authorization} settings), used up only by a
 * request that is accepted: the request borrows their tokens, and redeems them once the service took it, so that a
 * refused request (a limit, a bad setting) leaves them usable. Their ids are held meanwhile, so that two requests at
 * once (a transfer and a sync among them) cannot both be accepted with one sign-in.
 */
@Component(service = SignInClaims.class)
public final class SignInClaims {
    private final SignInSettings settings;
    private final Set<UUID> inUse = ConcurrentHashMap.newKeySet();

    @Activate
    public SignInClaims(@Reference AuthorizationFlows flows) {
        this.settings = new SignInSettings(flows);
    }

    /** What the service does with a request whose sign-ins became tokens; throws an {@link ApiProblem} to refuse it. */
    @FunctionalInterface
    interface Acceptance<T> {
        T accept(TransferRequest request);
    }

    /** {@code acceptance} of {@code asked} with its sign-ins borrowed; they are redeemed when it accepts. */
    <T> T use(ApiCaller caller, TransferRequest asked, Acceptance<T> acceptance) {
        List<UUID> held = hold(asked);
        try {
            T accepted = acceptance.accept(withSignIns(caller, asked, settings::borrow));
            withSignIns(caller, asked, settings::redeem);
            return accepted;
        } finally {
            inUse.removeAll(held);
        }
    }

    /** {@link SignInSettings#borrow} or {@link SignInSettings#redeem}. */
    @FunctionalInterface
    private interface SignInUse {
        TransferEndpoint apply(ApiCaller caller, String side, TransferEndpoint endpoint, Direction direction);
    }

    /** The request with each side's sign-in (its {@code authorization} setting) borrowed or redeemed into its tokens. */
    private static TransferRequest withSignIns(ApiCaller caller, TransferRequest request, SignInUse use) {
        TransferEndpoint source = use.apply(caller, "source", request.source(), Direction.EXPORT);
        TransferEndpoint destination = use.apply(caller, "destination", request.destination(), Direction.IMPORT);
        return new TransferRequest(request.vertical(), source, destination, request.owner(), request.selection());
    }

    /** Marks the sign-ins {@code request} names as in use by this request; 409 when another request uses one. */
    private List<UUID> hold(TransferRequest request) {
        List<UUID> held = new ArrayList<>();
        for (TransferEndpoint endpoint : List.of(request.source(), request.destination())) {
            String named = endpoint.settings().get(AuthorizationFlows.AUTHORIZATION_SETTING);
            UUID id;
            try {
                id = named == null ? null : UUID.fromString(named.trim());
            } catch (IllegalArgumentException e) {
                continue; // SignInSettings answers it with 422
            }
            if (id != null && !held.contains(id)) {
                if (!inUse.add(id)) {
                    inUse.removeAll(held);
                    throw ApiProblem.illegalState("The sign-in " + id + " is being used by another request of yours.");
                }
                held.add(id);
            }
        }
        return held;
    }
}
