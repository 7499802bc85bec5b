package org.dtp.auth.flow;

import org.dtp.auth.oauth2.OAuth2Provider;
import org.dtp.transfer.Direction;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.ConfigurationPolicy;
import org.osgi.service.metatype.annotations.AttributeDefinition;
import org.osgi.service.metatype.annotations.AttributeType;
import org.osgi.service.metatype.annotations.Designate;
import org.osgi.service.metatype.annotations.ObjectClassDefinition;

import java.net.URI;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One OAuth 2.0 client an operator registered at a provider, from a factory configuration
 * ({@code etc/org.dtp.oauth2.client-<provider>.cfg}). The client secret is a private property (leading dot), so it
 * is never a service property.
 */
@Component(service = OAuth2ClientRegistration.class, configurationPid = OAuth2ClientRegistration.FACTORY_PID,
        configurationPolicy = ConfigurationPolicy.REQUIRE)
@Designate(ocd = OAuth2ClientRegistration.Config.class, factory = true)
public final class OAuth2ClientRegistration {
    public static final String FACTORY_PID = "org.dtp.oauth2.client";

    @ObjectClassDefinition(name = "dtp OAuth 2.0 client", description = "The client dtp registered at a provider "
            + "(authorization code with PKCE). Register the redirect URI at the provider exactly as given here.")
    public @interface Config {
        @AttributeDefinition(name = "Provider", description = "The adapter's provider id, e.g. google")
        String provider();

        @AttributeDefinition(name = "Authorization endpoint")
        String authorizationEndpoint();

        @AttributeDefinition(name = "Token endpoint")
        String tokenEndpoint();

        @AttributeDefinition(name = "Revocation endpoint", description = "RFC 7009; empty when the provider has none")
        String revocationEndpoint() default "";

        @AttributeDefinition(name = "Client id")
        String clientId();

        @AttributeDefinition(name = "Client secret", type = AttributeType.PASSWORD)
        String _clientSecret();

        @AttributeDefinition(name = "Client authentication", description = "CLIENT_SECRET_BASIC or CLIENT_SECRET_POST")
        String clientAuthentication() default "CLIENT_SECRET_BASIC";

        @AttributeDefinition(name = "Redirect URI", description = "dtp's callback for this provider: "
                + "<public URL>/api/v1/oauth/callback/<provider>")
        String redirectUri();

        @AttributeDefinition(name = "Export scopes", description = "Read scopes, asked for when the provider is a source; a list, or one value separated by spaces")
        String[] exportScopes() default {};

        @AttributeDefinition(name = "Import scopes", description = "Write scopes, asked for when the provider is a destination; a list, or one value separated by spaces")
        String[] importScopes() default {};

        @AttributeDefinition(name = "Extra authorization parameters", description = "name=value, e.g. access_type=offline")
        String[] authorizationParameters() default {};
    }

    private final OAuth2Provider provider;

    @Activate
    public OAuth2ClientRegistration(Config config) {
        Map<Direction, List<String>> scopes = new EnumMap<>(Direction.class);
        if (!scopesOf(config.exportScopes()).isEmpty()) {
            scopes.put(Direction.EXPORT, scopesOf(config.exportScopes()));
        }
        if (!scopesOf(config.importScopes()).isEmpty()) {
            scopes.put(Direction.IMPORT, scopesOf(config.importScopes()));
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        for (String parameter : config.authorizationParameters()) {
            int eq = parameter.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("an authorization parameter is name=value, not '" + parameter + "'");
            }
            parameters.put(parameter.substring(0, eq).trim(), parameter.substring(eq + 1).trim());
        }
        String revocation = config.revocationEndpoint();
        this.provider = new OAuth2Provider(config.provider(), URI.create(config.authorizationEndpoint()),
                URI.create(config.tokenEndpoint()), revocation == null || revocation.isBlank() ? null : URI.create(revocation),
                config.clientId(), config._clientSecret(),
                OAuth2Provider.ClientAuthentication.valueOf(config.clientAuthentication().trim()),
                Set.of(URI.create(config.redirectUri())), scopes, parameters);
    }

    public OAuth2Provider provider() {
        return provider;
    }

    /**
     * Scopes as given: a list, or (as a plain .cfg line gives them) one value of scopes separated by spaces or
     * commas, as in the scope parameter itself (RFC 6749 §3.3).
     */
    static List<String> scopesOf(String[] given) {
        return java.util.Arrays.stream(given).flatMap(value -> java.util.Arrays.stream(value.split("[\\s,]+")))
                .filter(scope -> !scope.isEmpty()).distinct().toList();
    }
}
