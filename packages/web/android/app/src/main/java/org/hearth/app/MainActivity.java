package org.hearth.app;

import com.getcapacitor.BridgeActivity;

public class MainActivity extends BridgeActivity {}
