package org.dtp.rest;

import org.dtp.rest.ApiModel.RevocationInfo;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsExtensionSelect;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import javax.ws.rs.core.Context;
import javax.ws.rs.core.SecurityContext;
import java.util.List;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/**
 * The adapter versions an operator has revoked, sorted by provider and version, whether or not they
 * are still installed; for operators only. Revoke and unrevoke are under /api/v1/adapters ({@link AdapterResource}).
 */
@Component(service = RevocationResource.class)
@JaxrsResource
@JaxrsExtensionSelect(ApiAuthenticationFilter.SELECT)
@JSONRequired
@Path("/api/v1/revocations")
@Produces(APPLICATION_JSON)
public final class RevocationResource {
    private final TransferService transfers;

    @Activate
    public RevocationResource(@Reference TransferService transfers) {
        this.transfers = transfers;
    }

    @GET
    public List<RevocationInfo> list(@Context SecurityContext security) {
        ApiCaller.of(security).requireOperator();
        return transfers.revocations().stream().map(RevocationInfo::of).toList();
    }
}
