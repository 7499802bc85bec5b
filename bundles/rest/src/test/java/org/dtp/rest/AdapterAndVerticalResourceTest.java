package org.dtp.rest;

import org.dtp.models.Vertical;
import org.dtp.rest.ApiModel.Adapter;
import org.dtp.rest.ApiModel.VerticalInfo;
import org.dtp.transfer.Direction;
import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;

public class AdapterAndVerticalResourceTest {

    @Test
    public void adaptersListTheirVerticalsWithSortedDirections() {
        List<Adapter> adapters = new AdapterResource(new FakeTransferService()).list();

        assertEquals(1, adapters.size());
        Adapter a = adapters.get(0);
        assertEquals("localfs", a.provider());
        assertEquals("Local folder", a.name());
        assertEquals("org.dtp.dtp-adapter-localfs", a.bundle());
        assertEquals("0.1.0", a.version());
        assertEquals(Map.of(Vertical.MEDIA, List.of(Direction.EXPORT, Direction.IMPORT)), a.verticals());
        assertFalse(a.revoked());
        assertNull(a.revocation());
    }

    @Test
    public void verticalsHaveTheirDescriptions() {
        List<VerticalInfo> verticals = new VerticalResource().list();

        assertEquals(Vertical.values().length, verticals.size());
        assertEquals(new VerticalInfo(Vertical.MEDIA, Vertical.MEDIA.description()), verticals.get(0));
    }
}
