package org.dtp.rest;

import org.junit.Test;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

public class UserPermitsTest {
    @Test
    public void aUserGetsAtMostTheirShareAndTheNodeAtMostItsTotal() {
        UserPermits permits = new UserPermits(3, 2);
        assertNull(permits.tryTake("ann"));
        assertNull(permits.tryTake("ann"));
        assertEquals(UserPermits.Refusal.USER, permits.tryTake("ann"));
        assertNull(permits.tryTake("bob"));
        assertEquals("the node's three are taken", UserPermits.Refusal.NODE, permits.tryTake("cy"));
        assertEquals(3, permits.taken());

        permits.release("ann");
        assertNull("a place given back is free again", permits.tryTake("cy"));
        assertEquals(3, permits.taken());
    }

    @Test
    public void aRefusalTakesNothingAndUsersWithoutPlacesAreForgotten() {
        UserPermits permits = new UserPermits(1, 1);
        assertNull(permits.tryTake("ann"));
        assertEquals(UserPermits.Refusal.NODE, permits.tryTake("bob"));
        assertEquals(1, permits.taken());
        assertEquals("bob's refused place is not held", 1, permits.users());

        permits.release("ann");
        assertEquals(0, permits.taken());
        assertEquals(0, permits.users());
        assertNull(permits.tryTake("bob"));
    }
}
