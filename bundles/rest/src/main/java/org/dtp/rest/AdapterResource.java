package org.dtp.rest;

import org.dtp.rest.ApiModel.Adapter;
import org.dtp.rest.ApiModel.RevocationInfo;
import org.dtp.rest.ApiModel.RevokeBody;
import org.dtp.rest.ApiModel.Unrevoked;
import org.dtp.transfer.AdapterInfo;
import org.dtp.transfer.Revocation;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.Consumes;
import javax.ws.rs.GET;
import javax.ws.rs.POST;
import javax.ws.rs.Path;
import javax.ws.rs.PathParam;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.SecurityContext;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * The adapters installed now, what each can do per vertical and whether its version is revoked;
 * revoking and un-revoking an adapter version. A version is its bundle's version, exactly as
 * {@link AdapterInfo#bundleVersion()} gives it. 404 for a revoke of a version no installed adapter of
 * the provider has (so that a typo is not taken for a revocation) and for an unrevoke of a version
 * that is not revoked.
 */
@Component(service = AdapterResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/adapters")
@Produces(APPLICATION_JSON)
public final class AdapterResource {
    private final TransferService transfers;

    @Activate
    public AdapterResource(@Reference TransferService transfers) {
        this.transfers = transfers;
    }

    @GET
    public List<Adapter> list() {
        Map<String, Revocation> revoked = new HashMap<>();
        for (Revocation r : transfers.revocations()) {
            revoked.put(key(r.provider(), r.bundleVersion()), r);
        }
        return transfers.adapters().stream()
                .map(a -> Adapter.of(a, revoked.get(key(a.provider(), a.bundleVersion()))))
                .toList();
    }

    /**
     * New transfers with that version are refused and running ones pause until it is un-revoked.
     * The body is optional ({"reason": "..."}), so it is taken raw: the JSON provider refuses an
     * empty body, this resource does not.
     */
    @POST
    @Path("{provider}/versions/{version}/revoke")
    @Consumes(APPLICATION_JSON)
    public RevocationInfo revoke(@Context SecurityContext security, @PathParam("provider") String provider,
                                 @PathParam("version") String version, byte[] body) {
        ApiCaller.of(security).requireOperator();
        checkInstalled(provider, version);
        RevokeBody revoke = JacksonJsonProvider.readOptional(body, RevokeBody.class);
        return RevocationInfo.of(transfers.revoke(provider, version, revoke == null ? null : revoke.reason()));
    }

    /** Transfers paused for that version resume. The version need not be installed any more. */
    @POST
    @Path("{provider}/versions/{version}/unrevoke")
    public Unrevoked unrevoke(@Context SecurityContext security, @PathParam("provider") String provider,
                              @PathParam("version") String version) {
        ApiCaller.of(security).requireOperator();
        if (!transfers.unrevoke(provider, version)) {
            throw ApiProblem.notFound("Version '" + version + "' of adapter '" + provider + "' is not revoked.");
        }
        return Unrevoked.of(provider, version);
    }

    private void checkInstalled(String provider, String version) {
        List<String> installed = transfers.adapters().stream().filter(a -> a.provider().equals(provider))
                .map(AdapterInfo::bundleVersion).toList();
        if (installed.isEmpty()) {
            throw ApiProblem.notFound("No adapter of provider '" + provider + "' is installed.");
        }
        if (!installed.contains(version)) {
            throw ApiProblem.notFound("No installed adapter of provider '" + provider + "' has version '" + version
                    + "'; installed: " + installed.stream().distinct().collect(Collectors.joining(", ")) + ".");
        }
    }

    private static String key(String provider, String version) {
        return provider + '\u0000' + version;
    }
}
