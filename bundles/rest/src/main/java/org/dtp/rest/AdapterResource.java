package org.dtp.rest;

import org.dtp.rest.ApiModel.Adapter;
import org.dtp.transfer.TransferService;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JSONRequired;
import org.osgi.service.jaxrs.whiteboard.propertytypes.JaxrsResource;

import javax.ws.rs.GET;
import javax.ws.rs.Path;
import javax.ws.rs.Produces;
import java.util.List;

import static javax.ws.rs.core.MediaType.APPLICATION_JSON;

/** The adapters installed now and what each can do per vertical. */
@Component(service = AdapterResource.class)
@JaxrsResource
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
        return transfers.adapters().stream().map(Adapter::of).toList();
    }
}
