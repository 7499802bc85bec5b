package org.dtp.auth.flow;

import org.dtp.auth.oauth2.AuthorizationFlows;
import org.dtp.auth.oauth2.AuthorizationStart;
import org.dtp.auth.oauth2.AuthorizationStateException;
import org.dtp.auth.oauth2.CompletedAuthorization;
import org.dtp.auth.oauth2.InMemoryPendingAuthorizations;
import org.dtp.auth.oauth2.OAuth2Authorizer;
import org.dtp.auth.oauth2.OAuth2BearerSigner;
import org.dtp.auth.oauth2.OAuth2Clients;
import org.dtp.auth.oauth2.OAuth2Provider;
import org.dtp.auth.oauth2.OAuth2Tokens;
import org.dtp.auth.oauth2.PendingAuthorization;
import org.dtp.auth.oauth2.RegisteredOAuth2Clients;
import org.dtp.spi.AdapterException;
import org.dtp.spi.TransferContext;
import org.dtp.spi.TransferEndpoint;
import org.dtp.spi.http.RequestSigner;
import org.dtp.transfer.Direction;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.osgi.service.component.annotations.ReferencePolicy;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.net.URI;
import java.net.http.HttpClient;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The sign-in flow of {@link AuthorizationFlows} on this node, for the clients operators registered
 * ({@link OAuth2ClientRegistration}). Pending sign-ins and granted tokens waiting for their transfer are kept in
 * memory, for an hour at most: a node's callback must reach the node that began it (one node, or sticky
 * sessions). Tokens leave this component only through {@link #redeem}, into a transfer's sealed settings.
 */
@Component(service = {AuthorizationFlows.class, OAuth2Clients.class})
public final class OAuth2AuthorizationFlows implements AuthorizationFlows, OAuth2Clients {
    private static final Logger LOG = LoggerFactory.getLogger(OAuth2AuthorizationFlows.class);
    /** How long granted tokens wait for the transfer that uses them. */
    static final Duration GRANT_TIME_TO_LIVE = Duration.ofHours(1);
    private static final int MAX_GRANTS = 10_000;
    /**
     * Sign-ins one user may have waiting for the provider's answer at once: a person signs in at a provider or two at
     * a time; without a cap one user could fill {@link #MAX_GRANTS} and refuse everybody else's sign-ins.
     */
    static final int MAX_PENDING_PER_USER = 20;

    private final Map<String, OAuth2Provider> providers = new ConcurrentHashMap<>();
    private final Map<UUID, Grant> grants = new ConcurrentHashMap<>();
    private final OAuth2Authorizer authorizer;
    private final OAuth2Clients signers;
    private final Clock clock;

    /** One sign-in: whose, where, for what, and (once granted) the tokens. */
    private record Grant(String user, String provider, Direction direction, Status status, OAuth2Tokens tokens, Instant at) {
        Grant with(Status status, OAuth2Tokens tokens, Instant at) {
            return new Grant(user, provider, direction, status, tokens, at);
        }
    }

    @Activate
    public OAuth2AuthorizationFlows() {
        this(HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).connectTimeout(Duration.ofSeconds(10)).build(),
                Clock.systemUTC());
    }

    OAuth2AuthorizationFlows(HttpClient http, Clock clock) {
        this.clock = clock;
        this.authorizer = new OAuth2Authorizer(http, new InMemoryPendingAuthorizations(
                InMemoryPendingAuthorizations.DEFAULT_TIME_TO_LIVE, clock), id -> Optional.ofNullable(providers.get(id)),
                clock, new SecureRandom());
        this.signers = new RegisteredOAuth2Clients(authorizer, id -> Optional.ofNullable(providers.get(id)),
                OAuth2BearerSigner.DEFAULT_SKEW);
    }

    @Reference(cardinality = ReferenceCardinality.MULTIPLE, policy = ReferencePolicy.DYNAMIC)
    public void addClient(OAuth2ClientRegistration client) {
        providers.put(client.provider().id(), client.provider());
    }

    public void removeClient(OAuth2ClientRegistration client) {
        providers.remove(client.provider().id(), client.provider());
    }

    @Override
    public List<String> providers() {
        return providers.keySet().stream().sorted().toList();
    }

    @Override
    public Started begin(String user, String sessionId, String provider, Direction direction) {
        OAuth2Provider client = providers.get(provider);
        if (client == null) {
            throw new IllegalArgumentException("no OAuth 2.0 client is registered for provider '" + provider + "'");
        }
        forgetExpired();
        long waiting = grants.values().stream().filter(g -> g.user().equals(user) && g.status() == Status.PENDING).count();
        if (waiting >= MAX_PENDING_PER_USER) {
            throw new IllegalStateException("you have " + waiting + " sign-ins waiting for the provider's answer; finish them, "
                    + "or begin again within an hour when they have expired");
        }
        if (grants.size() >= MAX_GRANTS) {
            throw new IllegalStateException("too many sign-ins are waiting on this server; try again later");
        }
        UUID id = UUID.randomUUID();
        String side = direction == Direction.EXPORT ? PendingAuthorization.SOURCE : PendingAuthorization.DESTINATION;
        AuthorizationStart start = authorizer.begin(client, direction, sessionId, id, side, client.redirectUris().iterator().next());
        grants.put(id, new Grant(user, provider, direction, Status.PENDING, null, clock.instant()));
        return new Started(id, start.authorizationUrl());
    }

    @Override
    public UUID complete(String provider, String sessionId, String state, String code)
            throws AuthorizationStateException, AdapterException {
        CompletedAuthorization done = authorizer.complete(sessionId, state, code, callbackOf(provider));
        Grant grant = grants.get(done.jobId());
        if (grant == null) {
            throw new AuthorizationStateException("the sign-in expired before the provider answered; sign in again");
        }
        grants.put(done.jobId(), grant.with(Status.AUTHORIZED, done.tokens(), clock.instant()));
        LOG.info("user {} signed in at {} for {}", grant.user(), provider, grant.direction());
        return done.jobId();
    }

    @Override
    public UUID deny(String provider, String sessionId, String state) throws AuthorizationStateException {
        PendingAuthorization abandoned = authorizer.abandon(sessionId, state);
        if (!abandoned.providerId().equals(provider)) {
            throw new AuthorizationStateException("the answer came to the callback of another provider");
        }
        grants.computeIfPresent(abandoned.jobId(), (id, grant) -> grant.with(Status.DENIED, null, clock.instant()));
        return abandoned.jobId();
    }

    @Override
    public Optional<Status> status(String user, UUID id) {
        forgetExpired();
        Grant grant = grants.get(id);
        return grant == null || !grant.user().equals(user) ? Optional.empty() : Optional.of(grant.status());
    }

    @Override
    public Map<String, String> redeem(String user, UUID id, String provider, Direction direction) {
        return settingsOf(granted(user, id, provider, direction, true), id, provider, direction);
    }

    @Override
    public Map<String, String> lend(String user, UUID id, String provider, Direction direction) {
        return settingsOf(granted(user, id, provider, direction, false), id, provider, direction);
    }

    /** The granted, unused authorization {@code id} of {@code user} at {@code provider} for {@code direction}, or null. */
    private Grant granted(String user, UUID id, String provider, Direction direction, boolean useUp) {
        forgetExpired();
        Grant[] found = new Grant[1];
        grants.computeIfPresent(id, (key, grant) -> {
            if (grant.user().equals(user) && grant.provider().equals(provider) && grant.direction() == direction
                    && grant.status() == Status.AUTHORIZED) {
                found[0] = grant;
                return useUp ? null : grant; // a redeemed grant is single use
            }
            return grant;
        });
        return found[0];
    }

    private static Map<String, String> settingsOf(Grant grant, UUID id, String provider, Direction direction) {
        if (grant == null) {
            throw new IllegalArgumentException("authorization " + id + " is not a sign-in of yours at " + provider
                    + " for " + direction.name().toLowerCase() + " that is granted and unused");
        }
        Map<String, String> settings = RegisteredOAuth2Clients.settingsOf(grant.tokens());
        settings.values().removeIf(java.util.Objects::isNull);
        return settings;
    }

    @Override
    public RequestSigner signer(String provider, TransferContext context) throws AdapterException {
        return signers.signer(provider, context);
    }

    @Override
    public boolean revoke(String provider, TransferEndpoint endpoint) throws AdapterException {
        return signers.revoke(provider, endpoint);
    }

    /** The address callbacks of {@code provider} come to, as registered; a provider not registered has none. */
    private URI callbackOf(String provider) throws AuthorizationStateException {
        OAuth2Provider client = providers.get(provider);
        if (client == null) {
            throw new AuthorizationStateException("no OAuth 2.0 client is registered for provider '" + provider + "'");
        }
        return client.redirectUris().iterator().next();
    }

    private void forgetExpired() {
        Instant cutoff = clock.instant().minus(GRANT_TIME_TO_LIVE);
        grants.values().removeIf(grant -> grant.at().isBefore(cutoff));
    }
}
